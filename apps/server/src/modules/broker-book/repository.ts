import { sql, type SQL } from 'drizzle-orm';
import type { BookFilter, BookRow, BookSortField } from '@portal/contracts';
import type { Database } from '../../db/client';

/**
 * The book of business in one statement (issue 13) from `broker_book_rows` (docs/decisions/036): the
 * broker's rows by `broker_book_rows_broker_holder_idx`, filtered, counted and one page of them sorted — the
 * CTE is materialised once and read three times (the page, the filtered count, the alerts). Every fact is
 * in the row, kept by the database's triggers; the one that depends on the day, the coming renewal, is
 * worked out here from the stored renewal starts and the server's today. The statement runs without JIT
 * and parallel workers, whose start-up costs more than the query itself (bench/RESULTS.md).
 */

/** A LIKE pattern, the value's own wildcards taken literally. */
const escapeLike = (value: string): string => value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

const SORT: Record<BookSortField, SQL[]> = {
  holder: [sql`lower(holder_last_name)`, sql`lower(holder_first_name)`],
  policyNumber: [sql`policy_number`],
  status: [sql`enrollment_status`],
  financeStatus: [sql`finance_status`],
  amountDue: [sql`amount_due_cents`],
  paidThrough: [sql`paid_through_date`],
  graceEnds: [sql`grace_period_end_date`],
  renewal: [sql`renewal_start_date`],
  line: [sql`line_of_coverage`],
};

function bookCte(brokerId: string, today: string): SQL {
  // The first renewal start after today; the common cases (none, or the first is still to come) skip the unnest.
  return sql`
    select r.policy_id, r.household_id, r.holder_first_name, r.holder_last_name, r.policy_number,
      r.issuer_subscriber_id, r.exchange_subscriber_id, r.line_of_coverage, r.market, r.off_exchange,
      r.enrollment_status, r.finance_status, r.amount_due_cents, r.past_due_cents,
      r.paid_through_date::text as paid_through_date, r.grace_period_end_date::text as grace_period_end_date, r.autopay,
      (case
        when cardinality(r.renewal_start_dates) = 0 then null
        when r.renewal_start_dates[1] > ${today}::date then r.renewal_start_dates[1]
        else (select min(d) from unnest(r.renewal_start_dates) d where d > ${today}::date)
      end)::text as renewal_start_date
    from broker_book_rows r
    where r.broker_id = ${brokerId}`;
}

function conditions(filter: BookFilter): SQL {
  const parts: SQL[] = [sql`true`];
  const q = filter.q?.trim();
  if (q) {
    const anywhere = `%${escapeLike(q)}%`;
    const start = `${escapeLike(q.replace(/\s+/g, ''))}%`;
    parts.push(sql`(
      lower(holder_first_name || ' ' || holder_last_name) like ${anywhere}
      or lower(holder_last_name || ', ' || holder_first_name) like ${anywhere}
      or lower(policy_number) like ${start}
      or lower(issuer_subscriber_id) like ${start}
      or lower(coalesce(exchange_subscriber_id, '')) like ${start})`);
  }
  if (filter.status) parts.push(sql`enrollment_status = ${filter.status}`);
  if (filter.market) parts.push(sql`market = ${filter.market}`);
  if (filter.line) parts.push(sql`line_of_coverage = ${filter.line}`);
  if (filter.pastDue === 'true') parts.push(sql`past_due_cents > 0`);
  if (filter.pastDue === 'false') parts.push(sql`past_due_cents = 0`);
  if (filter.gracePeriod === 'true') parts.push(sql`grace_period_end_date is not null`);
  if (filter.gracePeriod === 'false') parts.push(sql`grace_period_end_date is null`);
  if (filter.renewalPending === 'true') parts.push(sql`renewal_start_date is not null`);
  if (filter.renewalPending === 'false') parts.push(sql`renewal_start_date is null`);
  if (filter.autopayOff === 'true') parts.push(sql`not autopay`);
  if (filter.autopayOff === 'false') parts.push(sql`autopay`);
  return sql.join(parts, sql` and `);
}

function orderBy(filter: BookFilter): SQL {
  const direction = filter.order === 'desc' ? sql`desc` : sql`asc`;
  // Each part in the asked direction, nulls last, then the policy id: a stable order for paging.
  const parts = SORT[filter.sort].map((expression) => sql`${expression} ${direction} nulls last`);
  return sql`${sql.join(parts, sql`, `)}, policy_id asc`;
}

const ROW_JSON = sql`json_build_object(
  'policyId', policy_id, 'householdId', household_id, 'holderFirstName', holder_first_name, 'holderLastName', holder_last_name,
  'policyNumber', policy_number, 'issuerSubscriberId', issuer_subscriber_id, 'exchangeSubscriberId', exchange_subscriber_id,
  'lineOfCoverage', line_of_coverage, 'market', market, 'offExchange', off_exchange, 'enrollmentStatus', enrollment_status,
  'financeStatus', finance_status, 'amountDueCents', amount_due_cents, 'pastDueCents', past_due_cents,
  'paidThroughDate', paid_through_date, 'gracePeriodEndDate', grace_period_end_date, 'autopay', autopay,
  'renewalStartDate', renewal_start_date)`;

export interface BookPageResult {
  items: BookRow[];
  total: number;
  alerts: { gracePeriod: number; renewalPending: number };
}

/** One page of the broker's book with the filtered count and the book's alerts. */
/** Runs the statement with JIT and parallel workers off (see above); PGlite accepts and ignores both. */
async function planned(db: Database, statement: SQL): Promise<unknown> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return tx.execute(statement);
  });
}

export async function bookPage(db: Database, brokerId: string, today: string, filter: BookFilter, page: { offset: number; limit: number }): Promise<BookPageResult> {
  const result: unknown = await planned(db, sql`
    with book as materialized (${bookCte(brokerId, today)}),
    filtered as (select * from book where ${conditions(filter)})
    select
      (select coalesce(json_agg(${ROW_JSON}), '[]'::json) from (select * from filtered order by ${orderBy(filter)} limit ${page.limit} offset ${page.offset}) shown) as items,
      (select count(*)::int from filtered) as total,
      (select count(*)::int from book where grace_period_end_date is not null) as grace,
      (select count(*)::int from book where renewal_start_date is not null) as renewal`);
  const [row] = (result as { rows: { items: BookRow[] | string; total: number; grace: number; renewal: number }[] }).rows;
  if (!row) return { items: [], total: 0, alerts: { gracePeriod: 0, renewalPending: 0 } };
  // node-postgres parses json; PGlite too — a string would be a driver that does not.
  const items = typeof row.items === 'string' ? (JSON.parse(row.items) as BookRow[]) : row.items;
  return { items, total: row.total, alerts: { gracePeriod: row.grace, renewalPending: row.renewal } };
}

/** Rows of the filtered book in its sort order, `limit` from `offset` (the CSV export reads it in chunks). */
export async function bookRows(db: Database, brokerId: string, today: string, filter: BookFilter, page: { offset: number; limit: number }): Promise<BookRow[]> {
  const result: unknown = await planned(db, sql`
    with book as materialized (${bookCte(brokerId, today)})
    select ${ROW_JSON} as row from book where ${conditions(filter)} order by ${orderBy(filter)} limit ${page.limit} offset ${page.offset}`);
  return (result as { rows: { row: BookRow | string }[] }).rows.map(({ row }) => (typeof row === 'string' ? (JSON.parse(row) as BookRow) : row));
}

import { sql, type SQL } from 'drizzle-orm';
import type { BookFilter, BookRow, BookSortField } from '@portal/contracts';
import type { Database } from '../../db/client';

/**
 * The book of business in one statement (issue 13): the broker's policies (`policies_broker_idx`) with
 * their subscriber, finance, active autopay and a coming renewal, filtered, counted and one page of them
 * sorted — the CTE is materialised once and read three times (the page, the filtered count, the alerts).
 * The lookups are written as `lateral … offset 0` and `limit 1` subqueries so that the planner looks each
 * policy's rows up by key (a few thousand index probes) instead of hashing the whole members, finances
 * and autopay tables; and the statement runs without JIT and parallel workers, whose start-up cost more
 * than the query itself (bench/RESULTS.md, EXPLAIN ANALYZE on the 100,000-household seed).
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
  return sql`
    select p.id as policy_id, p.household_id, m.holder_first_name, m.holder_last_name,
      p.policy_number, p.issuer_subscriber_id, p.exchange_subscriber_id, p.line_of_coverage,
      case p.market_coverage when 1 then 'individual' when 2 then 'group' else 'none' end as market,
      p.off_exchange, p.enrollment_status, f.status as finance_status,
      coalesce(f.current_amount_due_cents + f.past_amount_due_cents, 0) as amount_due_cents,
      coalesce(f.past_amount_due_cents, 0) as past_due_cents,
      f.paid_through_date::text as paid_through_date,
      case when p.enrollment_status in ('Terminated', 'Cancelled') then null else f.grace_period_end_date::text end as grace_period_end_date,
      (select true from autopay_subscriptions a where a.policy_id = p.id and a.state = 'Active' limit 1) is not null as autopay,
      (select min(n.start_date)::text from coverage_spans n
        where n.policy_id = p.id and not n.cancelled and n.start_date > ${today}::date and n.effectuated_date is null
          and exists (select 1 from coverage_spans o where o.policy_id = p.id and not o.cancelled and o.start_date < n.start_date)
      ) as renewal_start_date
    from policies p
    cross join lateral (select first_name as holder_first_name, last_name as holder_last_name from members where members.id = p.subscriber_member_id offset 0) m
    left join lateral (select * from finances where finances.policy_id = p.id offset 0) f on true
    where p.broker_id = ${brokerId}`;
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

import { sql, type SQL } from 'drizzle-orm';
import type { BookFilter, BookRow, BookSortField } from '@portal/contracts';
import type { Database } from '../../db/client';

/**
 * The book of business (issue 13) from `broker_book_rows` (docs/decisions/036): one row per policy with every
 * fact the grid shows, filters or sorts on, kept by the database's triggers. A page is one statement: the page
 * of the broker's rows (`broker_book_rows_broker_holder_idx`: in the default order only the rows shown are
 * read), and one pass over his rows for the filtered count and the book's alerts. The fact that depends on
 * the day — a renewal still to come — is worked out here from the stored renewal starts and the server's
 * today. The statement is cheap enough that PostgreSQL neither JIT-compiles it nor plans parallel workers
 * (the old per-policy look-ups needed both switched off).
 */

/** A LIKE pattern, the value's own wildcards taken literally. */
const escapeLike = (value: string): string => value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** The first renewal start after today (the starts are stored ascending; none, or the first still to come, skips the unnest). */
const renewalStart = (today: string): SQL => sql`(case
  when cardinality(renewal_start_dates) = 0 then null
  when renewal_start_dates[1] > ${today}::date then renewal_start_dates[1]
  else (select min(d) from unnest(renewal_start_dates) d where d > ${today}::date) end)`;

/** A renewal still to come: the last stored start (the greatest) is after today. */
const renewalPending = (today: string): SQL =>
  sql`coalesce(renewal_start_dates[cardinality(renewal_start_dates)] > ${today}::date, false)`;

function sortKeys(sort: BookSortField, today: string): SQL[] {
  switch (sort) {
    case 'holder':
      return [sql`holder_last_name_lower`, sql`holder_first_name_lower`];
    case 'policyNumber':
      return [sql`policy_number`];
    case 'status':
      return [sql`enrollment_status`];
    case 'financeStatus':
      return [sql`finance_status`];
    case 'amountDue':
      return [sql`amount_due_cents`];
    case 'paidThrough':
      return [sql`paid_through_date`];
    case 'graceEnds':
      return [sql`grace_period_end_date`];
    case 'renewal':
      return [renewalStart(today)];
    case 'line':
      return [sql`line_of_coverage`];
  }
}

function conditions(filter: BookFilter, today: string): SQL {
  const parts: SQL[] = [sql`true`];
  const q = filter.q?.trim();
  if (q) {
    const anywhere = `%${escapeLike(q)}%`;
    const start = `${escapeLike(q.replace(/\s+/g, ''))}%`;
    parts.push(sql`(
      holder_first_name_lower || ' ' || holder_last_name_lower like ${anywhere}
      or holder_last_name_lower || ', ' || holder_first_name_lower like ${anywhere}
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
  if (filter.renewalPending === 'true') parts.push(renewalPending(today));
  if (filter.renewalPending === 'false') parts.push(sql`not ${renewalPending(today)}`);
  if (filter.autopayOff === 'true') parts.push(sql`not autopay`);
  if (filter.autopayOff === 'false') parts.push(sql`autopay`);
  return sql.join(parts, sql` and `);
}

function orderBy(filter: BookFilter, today: string): SQL {
  const direction = filter.order === 'desc' ? sql`desc` : sql`asc`;
  // Each part in the asked direction, nulls last, then the policy id: a stable order for paging. Ascending
  // by policyholder is the index's own order, so the default page reads only its rows.
  const parts = sortKeys(filter.sort, today).map((expression) => sql`${expression} ${direction} nulls last`);
  return sql`${sql.join(parts, sql`, `)}, policy_id asc`;
}

const rowJson = (today: string): SQL => sql`json_build_object(
  'policyId', policy_id, 'householdId', household_id, 'holderFirstName', holder_first_name, 'holderLastName', holder_last_name,
  'policyNumber', policy_number, 'issuerSubscriberId', issuer_subscriber_id, 'exchangeSubscriberId', exchange_subscriber_id,
  'lineOfCoverage', line_of_coverage, 'market', market, 'offExchange', off_exchange, 'enrollmentStatus', enrollment_status,
  'financeStatus', finance_status, 'amountDueCents', amount_due_cents, 'pastDueCents', past_due_cents,
  'paidThroughDate', paid_through_date::text, 'gracePeriodEndDate', grace_period_end_date::text, 'autopay', autopay,
  'renewalStartDate', ${renewalStart(today)}::text)`;

/**
 * The broker's rows matching the filter, one page of them in the asked order, as JSON objects. The page is
 * chosen on the bare rows first and only its rows become JSON: built below the LIMIT, the JSON would be made
 * for every row skipped by the offset too (page 100 of 50 is 4,950 of them).
 */
function rowsPage(
  brokerId: string,
  today: string,
  filter: BookFilter,
  page: { offset: number; limit: number },
): SQL {
  return sql`select ${rowJson(today)} as row from (
      select * from broker_book_rows where broker_id = ${brokerId} and ${conditions(filter, today)}
      order by ${orderBy(filter, today)} limit ${page.limit} offset ${page.offset}) page
    order by ${orderBy(filter, today)}`;
}

export interface BookPageResult {
  items: BookRow[];
  total: number;
  alerts: { gracePeriod: number; renewalPending: number };
}

/** node-postgres parses json; PGlite too — a string would be a driver that does not. */
const parsed = (row: BookRow | string): BookRow =>
  typeof row === 'string' ? (JSON.parse(row) as BookRow) : row;

/** One page of the broker's book with the filtered count and the book's alerts. */
export async function bookPage(
  db: Database,
  brokerId: string,
  today: string,
  filter: BookFilter,
  page: { offset: number; limit: number },
): Promise<BookPageResult> {
  const result: unknown = await db.execute(sql`
    select
      (select coalesce(json_agg(shown.row), '[]'::json) from (${rowsPage(brokerId, today, filter, page)}) shown) as items,
      count(*) filter (where ${conditions(filter, today)})::int as total,
      count(*) filter (where grace_period_end_date is not null)::int as grace,
      count(*) filter (where ${renewalPending(today)})::int as renewal
    from broker_book_rows where broker_id = ${brokerId}`);
  const [row] = (
    result as {
      rows: { items: (BookRow | string)[] | string; total: number; grace: number; renewal: number }[];
    }
  ).rows;
  if (!row) return { items: [], total: 0, alerts: { gracePeriod: 0, renewalPending: 0 } };
  const items = typeof row.items === 'string' ? (JSON.parse(row.items) as BookRow[]) : row.items.map(parsed);
  return { items, total: row.total, alerts: { gracePeriod: row.grace, renewalPending: row.renewal } };
}

/** Rows of the filtered book in its sort order, `limit` from `offset` (the CSV export reads it in chunks). */
export async function bookRows(
  db: Database,
  brokerId: string,
  today: string,
  filter: BookFilter,
  page: { offset: number; limit: number },
): Promise<BookRow[]> {
  const result: unknown = await db.execute(rowsPage(brokerId, today, filter, page));
  return (result as { rows: { row: BookRow | string }[] }).rows.map(({ row }) => parsed(row));
}

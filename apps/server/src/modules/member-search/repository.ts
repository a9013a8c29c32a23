import { sql, type SQL } from 'drizzle-orm';
import { normalizeUsPhone } from '@portal/domain';
import type { MemberSearchQuery } from '@portal/contracts';
import type { Database } from '../../db/client';

/**
 * Find a member (issue 13): the members one kind of search matches, a page at a time. Every kind is one
 * indexed look-up (migration 0010: members `lower(last_name), dob, lower(first_name)` and `lower(email)`;
 * contact_information `lower(email)` and the digits of each phone; policies by number and exchange id).
 */

const digitsOf = (phone: string): string => (normalizeUsPhone(phone) ?? '').replace(/[^0-9]/g, '');
/** LIKE's wildcards typed into a name match themselves. */
const likePrefix = (text: string): string => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The ids of the members a search matches (a subquery). */
function matchedMembers(query: MemberSearchQuery): SQL {
  const text = (value: string | undefined) => (value ?? '').trim();
  switch (query.kind) {
    case 'exchangeId':
      return sql`select subscriber_member_id as id from policies where upper(exchange_subscriber_id) = upper(${text(query.exchangeSubscriberId)})`;
    case 'policyNumber':
      return sql`select subscriber_member_id as id from policies where upper(policy_number) = upper(${text(query.policyNumber)})`;
    case 'nameDob': {
      const first = text(query.firstName);
      return sql`select id from members where lower(last_name) = lower(${text(query.lastName)}) and dob = ${text(query.dateOfBirth)}::date
        ${first === '' ? sql`` : sql`and lower(first_name) like ${likePrefix(first)} escape '\\'`}`;
    }
    case 'email': {
      const email = text(query.email);
      return sql`select id from members where lower(email) = lower(${email})
        union select p.subscriber_member_id from contact_information c join policies p on p.household_id = c.household_id where lower(c.email) = lower(${email})`;
    }
    case 'phone': {
      const digits = digitsOf(text(query.phone));
      return sql`select p.subscriber_member_id as id from contact_information c join policies p on p.household_id = c.household_id
        where regexp_replace(c.home_phone, '[^0-9]', '', 'g') = ${digits} or regexp_replace(c.mobile_phone, '[^0-9]', '', 'g') = ${digits}`;
    }
  }
}

export interface FoundMemberRow {
  id: string;
  householdId: string | null;
  firstName: string;
  lastName: string;
  dob: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One page of the matched members, by name then date of birth, and how many matched in all. */
export async function searchMembers(
  db: Database,
  query: MemberSearchQuery,
): Promise<{ rows: FoundMemberRow[]; total: number }> {
  const offset = (query.page - 1) * query.pageSize;
  const rows = rowsOf<FoundMemberRow & { total: number | string }>(
    await db.execute(sql`
      select m.id, m.household_id as "householdId", m.first_name as "firstName", m.last_name as "lastName", to_char(m.dob, 'YYYY-MM-DD') as dob,
             count(*) over () as total
      from members m
      where m.id in (${matchedMembers(query)})
      order by lower(m.last_name), lower(m.first_name), m.dob, m.id
      limit ${query.pageSize} offset ${offset}`),
  );
  if (rows.length === 0 && offset > 0) {
    // Past the last page: still say how many there are.
    const [count] = rowsOf<{ total: number | string }>(
      await db.execute(sql`select count(*) as total from members m where m.id in (${matchedMembers(query)})`),
    );
    return { rows: [], total: Number(count?.total ?? 0) };
  }
  return {
    rows: rows.map((row) => ({
      id: row.id,
      householdId: row.householdId,
      firstName: row.firstName,
      lastName: row.lastName,
      dob: row.dob,
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The policies each member is covered by (as subscriber or on a member span), oldest first. */
export async function policiesOfMembers(
  db: Database,
  memberIds: readonly string[],
): Promise<{ memberId: string; policyId: string; subscriber: boolean }[]> {
  if (memberIds.length === 0) return [];
  const ids = sql.join(
    memberIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return rowsOf<{ memberId: string; policyId: string; subscriber: boolean }>(
    await db.execute(sql`
      select covered.member_id as "memberId", p.id as "policyId", bool_or(covered.subscriber) as subscriber
      from (
        select subscriber_member_id as member_id, id as policy_id, true as subscriber from policies where subscriber_member_id in (${ids})
        union all
        select member_id, policy_id, false from member_spans where member_id in (${ids})
      ) covered
      join policies p on p.id = covered.policy_id
      group by covered.member_id, p.id, p.created_at
      order by p.created_at, p.id`),
  );
}

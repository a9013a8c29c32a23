import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addresses, members, policies } from '../../db/schema';

export interface LocatedSubscriber {
  subscriberMemberId: string;
  householdId: string | null;
  dob: string;
  zipCode: string | null;
  /** The only part of the SSN stored (SPEC §9: linking an account compares it). */
  ssnLast4: string | null;
}

/** The subscriber behind an exchange subscriber id or policy number, with the facts to compare. */
export async function findSubscriber(
  db: Database,
  identifierType: 'exchangeSubscriberId' | 'policyNumber',
  identifier: string,
): Promise<LocatedSubscriber | undefined> {
  const column =
    identifierType === 'exchangeSubscriberId' ? policies.exchangeSubscriberId : policies.policyNumber;
  const [row] = await db
    .select({
      subscriberMemberId: policies.subscriberMemberId,
      householdId: policies.householdId,
      dob: members.dob,
      zipCode: addresses.zipCode,
      ssnLast4: members.ssnLast4,
    })
    .from(policies)
    .innerJoin(members, eq(members.id, policies.subscriberMemberId))
    .leftJoin(addresses, eq(addresses.id, policies.residentialAddressId))
    .where(sql`upper(${column}) = upper(${identifier})`)
    .orderBy(sql`${policies.createdAt} desc`)
    .limit(1);
  return row;
}

/** Every policy the subscriber holds: what a guest may pay once they have located the account. */
export async function subscriberPolicyIds(db: Database, subscriberMemberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: policies.id })
    .from(policies)
    .where(eq(policies.subscriberMemberId, subscriberMemberId));
  return rows.map((row) => row.id);
}

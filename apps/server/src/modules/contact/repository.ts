import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactInformation, members, policies } from '../../db/schema';

export type ContactRow = typeof contactInformation.$inferSelect;

export async function contactOf(db: Executor, householdId: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contactInformation)
    .where(eq(contactInformation.householdId, householdId));
  return row;
}

/** The household's contact record, locked for this transaction (a change compares its version). */
export async function lockContact(tx: Executor, householdId: string): Promise<ContactRow | undefined> {
  const [row] = await tx
    .select()
    .from(contactInformation)
    .where(eq(contactInformation.householdId, householdId))
    .for('update');
  return row;
}

type ContactValues = Pick<ContactRow, 'email' | 'homePhone' | 'mobilePhone' | 'preferredContactMethod'>;

/** The first record of a household; undefined when another request created it meanwhile. */
export async function insertContact(
  tx: Executor,
  householdId: string,
  values: ContactValues,
): Promise<ContactRow | undefined> {
  const [row] = await tx
    .insert(contactInformation)
    .values({ householdId, ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A change: the version goes up, so a change made from an older read is refused. */
export async function updateContact(
  tx: Executor,
  householdId: string,
  values: ContactValues,
): Promise<ContactRow> {
  const [row] = await tx
    .update(contactInformation)
    .set({ ...values, version: sql`${contactInformation.version} + 1`, updatedAt: new Date() })
    .where(eq(contactInformation.householdId, householdId))
    .returning();
  if (!row) throw new Error('contact information not written');
  return row;
}

/** The policy a request is filed under, with its subscriber (the contact-number mailbox names them). */
export async function policyForContact(
  db: Executor,
  where: { policyId?: string | undefined; householdId: string },
) {
  const condition = where.policyId
    ? eq(policies.id, where.policyId)
    : eq(policies.householdId, where.householdId);
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      exchangeSubscriberId: policies.exchangeSubscriberId,
      firstName: members.firstName,
      lastName: members.lastName,
      folderId: members.folderId,
    })
    .from(policies)
    .innerJoin(members, eq(members.id, policies.subscriberMemberId))
    .where(and(condition))
    .orderBy(asc(policies.policyNumber))
    .limit(1);
  return row;
}

// --- writes for the enrollment module (the X12 834 import, issue 34) ---

/** The e-mail and mobile phone an 834 change reports, those given only: the version goes up. */
export async function updateContactFromEnrollment(
  tx: Executor,
  householdId: string,
  values: Partial<Pick<ContactRow, 'email' | 'mobilePhone'>>,
): Promise<void> {
  await tx
    .update(contactInformation)
    .set({ ...values, version: sql`${contactInformation.version} + 1`, updatedAt: new Date() })
    .where(eq(contactInformation.householdId, householdId));
}

import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactInformation } from '../../db/schema';

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

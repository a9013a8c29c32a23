import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DeliveryChoices } from '@portal/contracts';
import { idArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { emailConfirmations, preferences } from '../../db/schema';

export type PreferencesRow = typeof preferences.$inferSelect;
export type ConfirmationRow = typeof emailConfirmations.$inferSelect;

export async function preferencesOf(
  db: Executor,
  householdId: string,
  lock = false,
): Promise<PreferencesRow | undefined> {
  const query = db.select().from(preferences).where(eq(preferences.householdId, householdId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** {@link preferencesOf} for many households in one read (the outbox's batches), by household. */
export async function preferencesOfHouseholds(
  db: Executor,
  householdIds: readonly string[],
): Promise<Map<string, PreferencesRow>> {
  if (householdIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(preferences)
    .where(sql`${preferences.householdId} = any(${idArray([...new Set(householdIds)], 'uuid')})`);
  return new Map(rows.map((row) => [row.householdId, row]));
}

/** The newest confirmation request still usable (not confirmed, not replaced, not expired). */
export async function pendingConfirmation(
  db: Executor,
  householdId: string,
): Promise<ConfirmationRow | undefined> {
  const [row] = await db
    .select()
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.householdId, householdId),
        isNull(emailConfirmations.confirmedAt),
        isNull(emailConfirmations.supersededAt),
        gt(emailConfirmations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailConfirmations.createdAt))
    .limit(1);
  return row;
}

/** `lock`: inside the confirming transaction, so that two tabs confirming at once confirm once. */
export async function confirmationByTokenHash(
  db: Executor,
  tokenHash: string,
  lock = false,
): Promise<ConfirmationRow | undefined> {
  const query = db.select().from(emailConfirmations).where(eq(emailConfirmations.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Writes the household's delivery choices; `paperless` (SPEC §3 Finance) follows them. */
export async function saveDelivery(
  db: Executor,
  householdId: string,
  delivery: DeliveryChoices,
  email: { address: string | null; confirmedAt: Date | null },
): Promise<void> {
  const paperless =
    delivery.invoices === 'electronic' ||
    delivery.notices === 'electronic' ||
    delivery.taxForms === 'electronic';
  const values = {
    paperless,
    paperlessEmail: email.address,
    paperlessEmailConfirmedAt: email.confirmedAt,
    invoiceDelivery: delivery.invoices,
    noticeDelivery: delivery.notices,
    taxFormsElectronicConsent: delivery.taxForms === 'electronic',
    updatedAt: new Date(),
  };
  await db
    .insert(preferences)
    .values({ householdId, ...values })
    .onConflictDoUpdate({ target: preferences.householdId, set: values });
}

/** A new confirmation request replaces the household's earlier ones. */
export async function createConfirmation(
  db: Executor,
  input: { householdId: string; email: string; tokenHash: string; requested: DeliveryChoices; hours: number },
): Promise<ConfirmationRow> {
  await db
    .update(emailConfirmations)
    .set({ supersededAt: sql`now()` })
    .where(
      and(
        eq(emailConfirmations.householdId, input.householdId),
        isNull(emailConfirmations.confirmedAt),
        isNull(emailConfirmations.supersededAt),
      ),
    );
  const [row] = await db
    .insert(emailConfirmations)
    .values({
      householdId: input.householdId,
      email: input.email,
      tokenHash: input.tokenHash,
      requested: input.requested,
      expiresAt: sql`now() + ${input.hours} * interval '1 hour'`,
    })
    .returning();
  if (!row) throw new Error('confirmation not written');
  return row;
}

export async function markConfirmed(db: Executor, id: string): Promise<void> {
  await db
    .update(emailConfirmations)
    .set({ confirmedAt: sql`now()` })
    .where(eq(emailConfirmations.id, id));
}

/** The household's language: the version goes up. Creates the household's preferences when it has none (undefined if another request did meanwhile). */
export async function saveLanguage(
  tx: Executor,
  householdId: string,
  language: 'en' | 'es' | 'pt',
  exists: boolean,
): Promise<PreferencesRow | undefined> {
  if (exists) {
    const [row] = await tx
      .update(preferences)
      .set({ language, version: sql`${preferences.version} + 1`, updatedAt: new Date() })
      .where(eq(preferences.householdId, householdId))
      .returning();
    return row;
  }
  const [row] = await tx
    .insert(preferences)
    .values({ householdId, language })
    .onConflictDoNothing()
    .returning();
  return row;
}

// --- writes for the enrollment module (the X12 834 import, issue 34) ---

/** The household's language as an 834 change reports it (the preferences' version is left as it is). */
export async function setLanguageFromEnrollment(
  tx: Executor,
  householdId: string,
  language: PreferencesRow['language'],
): Promise<void> {
  await tx.update(preferences).set({ language }).where(eq(preferences.householdId, householdId));
}

/** A new household's preferences, in its language (nothing when it has preferences already). */
export async function insertPreferences(
  tx: Executor,
  householdId: string,
  language: PreferencesRow['language'],
): Promise<void> {
  await tx.insert(preferences).values({ householdId, language }).onConflictDoNothing();
}

import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { households } from '../../db/schema';
import type { HouseholdRow } from '../policy/service';
import { walletReferenceOf } from '../wallet/service';

// --- writes for the enrollment module (the X12 834 import, issue 34) ---

/**
 * A new household for an enrolment the exchange reports (an 834 addition): it keeps the exchange's id
 * (REF*3H) unless another household has it already (or there is none). Its id.
 */
export async function insertHouseholdForExchange(tx: Executor, exchangeId: string | null): Promise<string> {
  const taken = exchangeId
    ? (await tx.select({ id: households.id }).from(households).where(eq(households.exchangeId, exchangeId)))
        .length > 0
    : true;
  const [row] = await tx
    .insert(households)
    .values({ exchangeId: taken ? null : exchangeId })
    .returning({ id: households.id });
  if (!row) throw new Error('household not inserted');
  return row.id;
}

const statements = preparedStatements((db) => ({
  byIds: db
    .select({
      id: households.id,
      exchangeId: households.exchangeId,
      walletReferenceId: walletReferenceOf(households.id),
    })
    .from(households)
    .where(sql`${households.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('households_by_ids'),
}));

/** These households as the household list shows them (their ids and where their wallet is), one prepared statement. */
export async function loadHouseholds(db: Database, householdIds: string[]): Promise<HouseholdRow[]> {
  if (householdIds.length === 0) return [];
  return statements(db).byIds.execute({ ids: householdIds });
}

/** The household's id as stored, or undefined when there is no such household (an acting session names one). */
export async function householdById(db: Executor, householdId: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: households.id }).from(households).where(eq(households.id, householdId));
  return row;
}

/** Locks the household row: two applications of one household are made one after the other. */
export async function lockHousehold(tx: Executor, householdId: string): Promise<void> {
  await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId)).for('update');
}

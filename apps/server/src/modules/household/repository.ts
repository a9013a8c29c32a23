import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { households } from '../../db/schema';

/** The household's id as stored, or undefined when there is no such household (an acting session names one). */
export async function householdById(db: Executor, householdId: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: households.id }).from(households).where(eq(households.id, householdId));
  return row;
}

/** Locks the household row: two applications of one household are made one after the other. */
export async function lockHousehold(tx: Executor, householdId: string): Promise<void> {
  await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId)).for('update');
}

import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { households } from '../../db/schema';

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

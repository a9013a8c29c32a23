import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { policies } from '../../db/schema';

/** Locks the policy row: two choices for one policy are made one after the other. */
export async function lockPolicy(tx: Executor, policyId: string): Promise<void> {
  await tx.select({ id: policies.id }).from(policies).where(eq(policies.id, policyId)).for('update');
}

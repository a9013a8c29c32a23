import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usedAssertions } from '../../db/schema';
import { brokerByNpn } from '../broker/service';
import { financeStatusesOf } from '../finance/service';
import { policiesByReference } from '../policy/service';

/**
 * Records an assertion id as used. True the first time; false when it was already used (a replay).
 * The primary key makes this exact across instances: two concurrent posts of one assertion cannot
 * both win. Ids past their acceptance window are forgotten, since such an assertion is refused as
 * expired anyway.
 */
export async function consumeAssertionId(
  db: Database,
  input: { assertionId: string; issuer: string; expiresAt: Date },
): Promise<boolean> {
  await db.delete(usedAssertions).where(sql`${usedAssertions.expiresAt} < now()`);
  const inserted = await db
    .insert(usedAssertions)
    .values(input)
    .onConflictDoNothing({ target: usedAssertions.assertionId })
    .returning({ assertionId: usedAssertions.assertionId });
  return inserted.length === 1;
}

export interface MatchedPolicy {
  id: string;
  exchangeSubscriberId: string | null;
  policyNumber: string;
  /** The first premium (binder) is still unpaid: the enrolment is not effectuated yet. */
  awaitingBinder: boolean;
}

/**
 * Policies named by exchange subscriber id or by policy number, oldest first, with whether each awaits its
 * binder: the policies, then their finance statuses in one batch (a sign-in, not a read of the benchmark).
 */
export async function findPoliciesByReference(
  db: Database,
  references: readonly string[],
): Promise<MatchedPolicy[]> {
  const rows = await policiesByReference(db, references);
  const statuses = await financeStatusesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    exchangeSubscriberId: row.exchangeSubscriberId,
    policyNumber: row.policyNumber,
    awaitingBinder: statuses.get(row.id) === 'Binder',
  }));
}

export async function findBrokerIdByNpn(db: Database, npn: string): Promise<string | null> {
  return (await brokerByNpn(db, npn))?.id ?? null;
}

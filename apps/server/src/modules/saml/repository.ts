import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brokers, finances, policies, usedAssertions } from '../../db/schema';

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

/** Policies named by exchange subscriber id or by policy number. */
export async function findPoliciesByReference(
  db: Database,
  references: readonly string[],
): Promise<MatchedPolicy[]> {
  if (references.length === 0) return [];
  const rows = await db
    .select({
      id: policies.id,
      exchangeSubscriberId: policies.exchangeSubscriberId,
      policyNumber: policies.policyNumber,
      financeStatus: finances.status,
    })
    .from(policies)
    .leftJoin(finances, eq(finances.policyId, policies.id))
    .where(
      or(
        inArray(policies.exchangeSubscriberId, [...references]),
        inArray(policies.policyNumber, [...references]),
      ),
    )
    .orderBy(policies.createdAt, policies.id);
  return rows.map((row) => ({
    id: row.id,
    exchangeSubscriberId: row.exchangeSubscriberId,
    policyNumber: row.policyNumber,
    awaitingBinder: row.financeStatus === 'Binder',
  }));
}

export async function findBrokerIdByNpn(db: Database, npn: string): Promise<string | null> {
  const [row] = await db.select({ id: brokers.id }).from(brokers).where(eq(brokers.npn, npn));
  return row?.id ?? null;
}

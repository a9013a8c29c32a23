import { and, asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { enrollmentTransactions } from '../../db/schema';
import { auditFileChange } from '../../plugins/audit';
import { policyForEnrollment, type PolicyRow } from '../policy/service';
import { createPolicy } from './apply-addition';
import { changePolicy } from './apply-change';
import { comparePolicy } from './apply-compare';
import type { Applied, ApplyContext } from './apply-shared';
import type { Enrollment834 } from './map834';

export type { Applied, ApplyContext } from './apply-shared';

/**
 * Applying one 834 enrolment group to the portal's records, in the caller's transaction (a savepoint per
 * set, decision 051): the same tables every module reads — households, members, policies, coverage and
 * member spans, finances (computed by the finance module's `postToFinance`, the one ledger) — so the
 * overview, the billing clock and invoices need no special case. Each set writes one audit row naming the
 * file, the interchange, the set and its segment.
 *
 * A set's subscriber maintenance type says which file applies it: a 021 addition (or a 025 for an
 * enrolment the portal never had) apply-addition.ts; a 001 change, and the member loops of every set for
 * an enrolment the portal has, apply-change.ts, which ends the enrolment on a 024 (apply-termination.ts)
 * and reinstates it on a 025 (apply-reinstatement.ts); a 030 audit apply-compare.ts. What they share is in
 * apply-shared.ts.
 */

/** The policy an enrolment group is about: the subscriber's policy for that line of coverage (or its REF*1L). */
async function findPolicy(tx: Transaction, enrollment: Enrollment834): Promise<PolicyRow | null> {
  // One look: the policy with the REF*1L number first, else the subscriber's newest for the line.
  return policyForEnrollment(tx, {
    subscriberId: enrollment.subscriber.subscriberId ?? '',
    line: enrollment.members.find((m) => m.coverage)?.coverage?.line ?? 'Medical',
    policyNumber: enrollment.subscriber.policyNumber,
  });
}

async function audit(
  tx: Transaction,
  ctx: ApplyContext,
  enrollment: Enrollment834,
  maintenance: string,
  policy: { id: string; householdId: string | null },
) {
  await auditFileChange(tx, {
    actor: ctx.actor,
    actingForHouseholdId: policy.householdId,
    action: `enrollment.834.${maintenance}`,
    source: `834 ${ctx.fileName} ISA13 ${ctx.interchange} ST02 ${enrollment.controlNumber} segment ${String(enrollment.subscriber.segment)}`,
    recordType: 'policy',
    recordIds: [policy.id],
    outcome: 'success',
  });
}

/** Applies one set: creates, changes, ends, reinstates or compares; a change for an enrolment not yet added is held. */
export async function applyEnrollment(
  tx: Transaction,
  ctx: ApplyContext,
  enrollment: Enrollment834,
): Promise<Applied> {
  const policy = await findPolicy(tx, enrollment);
  const maintenance = enrollment.subscriber.maintenance;
  if (!policy) {
    if (maintenance === '021' || (maintenance === '025' && enrollment.subscriber.coverage?.startDate)) {
      const created = await createPolicy(tx, ctx, enrollment);
      await audit(tx, ctx, enrollment, maintenance, created.policy);
      return {
        outcome: 'applied',
        policyId: created.policy.id,
        created: created.members,
        updated: 0,
        terminated: 0,
      };
    }
    return { outcome: 'held', policyId: null, created: 0, updated: 0, terminated: 0 };
  }
  let result: Applied;
  if (maintenance === '030') result = await comparePolicy(tx, policy, enrollment);
  else result = await changePolicy(tx, ctx, policy, enrollment);
  await audit(tx, ctx, enrollment, maintenance, policy);
  return result;
}

/** Held sets of a subscriber, oldest effective date first (they wait for the addition). */
export async function heldFor(tx: Transaction, subscriberId: string) {
  return tx
    .select()
    .from(enrollmentTransactions)
    .where(
      and(eq(enrollmentTransactions.subscriberId, subscriberId), eq(enrollmentTransactions.status, 'held')),
    )
    .orderBy(asc(enrollmentTransactions.effectiveDate), asc(enrollmentTransactions.id))
    .for('update');
}

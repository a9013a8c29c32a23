import type { Transaction } from '../../db/client';
import { memberByExchangeId } from '../member/service';
import { coverageSpansOfPolicy, type PolicyRow } from '../policy/service';
import type { Applied } from './apply-shared';
import type { Enrollment834 } from './map834';

/** A 030 audit: compares, changes nothing; the differences are reported. */
export async function comparePolicy(
  tx: Transaction,
  policy: PolicyRow,
  enrollment: Enrollment834,
): Promise<Applied> {
  const differences: string[] = [];
  const spans = (await coverageSpansOfPolicy(tx, policy.id)).filter((span) => !span.cancelled);
  const span = spans.at(-1);
  const reporting = enrollment.subscriber.reporting;
  if (span) {
    const planId = enrollment.subscriber.coverage?.planId;
    if (planId && planId !== span.planId) differences.push('plan (REF*CE)');
    if (reporting.totalPremiumCents && reporting.totalPremiumCents.value !== span.premiumAmountCents)
      differences.push('premium (PRE AMT TOT)');
    if (reporting.aptcCents && reporting.aptcCents.value !== span.taxCreditAmountCents)
      differences.push('APTC (APTC AMT)');
    if (reporting.ratingArea && reporting.ratingArea.value !== span.ratingArea)
      differences.push('rating area (RATING AREA)');
  }
  if (reporting.sourceExchangeId && reporting.sourceExchangeId.value !== policy.sourceExchangeId)
    differences.push('source exchange (SOURCE EXCHANGE ID)');
  for (const loop of enrollment.members) {
    const known = await memberByExchangeId(tx, loop.memberId ?? '');
    if (!known) differences.push(`member ${loop.memberId ?? ''} (missing)`);
    else if ((loop.dob && loop.dob !== known.dob) || (loop.lastName && loop.lastName !== known.lastName))
      differences.push(`member ${loop.memberId ?? ''} (name or date of birth)`);
  }
  return { outcome: 'applied', policyId: policy.id, created: 0, updated: 0, terminated: 0, differences };
}

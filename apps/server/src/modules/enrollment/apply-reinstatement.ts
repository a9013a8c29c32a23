import type { Transaction } from '../../db/client';
import { reinstateMemberSpans } from '../member/service';
import {
  coverageSpansOfPolicy,
  markPolicyReinstated,
  updateCoverageSpan,
  type PolicyRow,
} from '../policy/service';
import { rejectAt, yearEnd } from './apply-shared';
import type { Enrollment834 } from './map834';

/** A 025: the ended coverage runs again to the reported end (or its plan year's end). */
export async function reinstatePolicy(
  tx: Transaction,
  policy: PolicyRow,
  enrollment: Enrollment834,
): Promise<void> {
  const coverage = enrollment.subscriber.coverage;
  const spans = await coverageSpansOfPolicy(tx, policy.id);
  const last = spans.at(-1);
  if (!last) rejectAt(enrollment.subscriber.segment, 'nothing to reinstate');
  const end = coverage?.endDate ?? yearEnd(last.startDate);
  await updateCoverageSpan(tx, last.id, { cancelled: false, endDate: end });
  await reinstateMemberSpans(tx, policy.id, end);
  await markPolicyReinstated(tx, policy.id, last.effectuatedDate ? 'Active' : 'Pending');
}

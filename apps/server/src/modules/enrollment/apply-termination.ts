import type { Transaction } from '../../db/client';
import { markFinanceTerminated } from '../finance/service';
import { endMemberSpans, memberIdsOnPolicy } from '../member/service';
import {
  coverageSpansOfPolicy,
  setEnrollmentStatus,
  updateCoverageSpan,
  type PolicyRow,
} from '../policy/service';
import type { ApplyContext } from './apply-shared';

/** A termination (or, ending before it began, a cancellation) of the whole enrolment on `end`. */
export async function endPolicy(
  tx: Transaction,
  ctx: ApplyContext,
  policy: PolicyRow,
  end: string,
): Promise<number> {
  const spans = await coverageSpansOfPolicy(tx, policy.id);
  let cancelledAll = true;
  for (const span of spans) {
    if (span.cancelled) continue;
    if (span.startDate > end) await updateCoverageSpan(tx, span.id, { cancelled: true });
    else {
      cancelledAll = false;
      if (span.endDate === null || span.endDate > end)
        await updateCoverageSpan(tx, span.id, { endDate: end });
    }
  }
  const people = await memberIdsOnPolicy(tx, policy.id);
  for (const memberId of people) await endMemberSpans(tx, policy.id, memberId, end);
  const status = cancelledAll ? 'Cancelled' : end < ctx.today ? 'Terminated' : policy.enrollmentStatus;
  await setEnrollmentStatus(tx, policy.id, status);
  if (status === 'Cancelled' || status === 'Terminated') await markFinanceTerminated(tx, policy.id);
  return people.length;
}

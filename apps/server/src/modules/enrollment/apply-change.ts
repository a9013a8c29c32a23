import { addDays } from '@portal/domain';
import type { Transaction } from '../../db/client';
import { updateAddressFromEnrollment } from '../address/service';
import { updateContactFromEnrollment } from '../contact/service';
import { postToFinance } from '../finance/service';
import { endMemberSpans, hasMemberSpan, insertMemberSpans, memberByExchangeId } from '../member/service';
import { setLanguageFromEnrollment } from '../paperless/service';
import {
  coverageSpansOfPolicy,
  insertCoverageSpan,
  setCoverageSpanTerms,
  setSourceExchangeId,
  updateCoverageSpan,
  type PolicyRow,
} from '../policy/service';
import {
  ageOn,
  amountsOf,
  planFor,
  rejectAt,
  updateMemberFacts,
  upsertMember,
  yearEnd,
  type ApplyContext,
  type Applied,
} from './apply-shared';
import { reinstatePolicy } from './apply-reinstatement';
import { endPolicy } from './apply-termination';
import { effectiveDateOf, type Enrollment834 } from './map834';

/**
 * A set for an enrolment the portal has (all but a 030 audit): each member loop first — a dependent's 021
 * adds them, a 001 or 021 updates their facts, a dependent's 024 ends their coverage — then the subscriber's
 * maintenance: a 001 (or 021) changes contact, language, residence, source exchange and, from the effective
 * date, the amounts or plan; a 024 ends the enrolment (apply-termination.ts); a 025 reinstates it
 * (apply-reinstatement.ts). The finance module recomputes the policy's finance after.
 */
export async function changePolicy(
  tx: Transaction,
  ctx: ApplyContext,
  policy: PolicyRow,
  enrollment: Enrollment834,
): Promise<Applied> {
  let created = 0;
  let updated = 0;
  let terminated = 0;
  const effective = effectiveDateOf(enrollment) ?? ctx.today;
  const subscriber = enrollment.subscriber;
  const householdId = policy.householdId;

  for (const loop of enrollment.members) {
    const known = await memberByExchangeId(tx, loop.memberId ?? '');
    if (loop.maintenance === '021' && !loop.subscriber) {
      // A dependent added to an enrolment the portal has.
      if (!householdId) rejectAt(loop.segment, 'the policy has no household to add a dependent to');
      const member = await upsertMember(tx, householdId, loop, false);
      const spanStart = loop.coverage?.startDate ?? effective;
      if (!(await hasMemberSpan(tx, policy.id, member.id))) {
        await insertMemberSpans(tx, [
          {
            policyId: policy.id,
            memberId: member.id,
            relationship: loop.relationship,
            startDate: spanStart,
            endDate: loop.coverage?.endDate ?? yearEnd(spanStart),
            ratingAge: ageOn(loop.dob ?? spanStart, spanStart),
            tobacco: loop.tobacco ?? false,
          },
        ]);
        created += member.created ? 1 : 0;
        updated += member.created ? 0 : 1;
      }
      continue;
    }
    if (!known) {
      if (loop.maintenance === '024') continue; // ending someone never added: nothing to end
      rejectAt(loop.segment, `member ${loop.memberId ?? ''} is not on policy ${policy.policyNumber}`);
    }
    if (loop.maintenance === '001' || loop.maintenance === '021') {
      if (await updateMemberFacts(tx, known.id, loop)) updated += 1;
    }
    if (loop.maintenance === '024' && !loop.subscriber) {
      const end = loop.coverage?.endDate;
      if (!end)
        rejectAt(loop.coverage?.segment ?? loop.segment, 'a termination has no DTP*349 end date', 'DTP');
      await endMemberSpans(tx, policy.id, known.id, end);
      terminated += 1;
    }
  }

  if (subscriber.maintenance === '001' || subscriber.maintenance === '021') {
    if (householdId && (subscriber.email || subscriber.phone)) {
      const contact = {
        ...(subscriber.email ? { email: subscriber.email } : {}),
        ...(subscriber.phone ? { mobilePhone: subscriber.phone } : {}),
      };
      await updateContactFromEnrollment(tx, householdId, contact);
    }
    if (subscriber.language && householdId)
      await setLanguageFromEnrollment(tx, householdId, subscriber.language);
    if (subscriber.residence && policy.residentialAddressId) {
      const r = subscriber.residence;
      await updateAddressFromEnrollment(tx, policy.residentialAddressId, {
        street1: r.street1,
        street2: r.street2,
        city: r.city,
        state: r.state,
        zipCode: r.zipCode,
        fipsCode: r.fipsCode,
      });
    }
    const sourceExchangeId = subscriber.reporting.sourceExchangeId?.value;
    if (sourceExchangeId !== undefined && sourceExchangeId !== policy.sourceExchangeId)
      await setSourceExchangeId(tx, policy.id, sourceExchangeId);
    if (await changeAmounts(tx, ctx, policy, enrollment, effective)) updated += 1;
  } else if (subscriber.maintenance === '024') {
    const end = subscriber.coverage?.endDate;
    if (!end)
      rejectAt(
        subscriber.coverage?.segment ?? subscriber.segment,
        'a termination has no DTP*349 end date',
        'DTP',
      );
    terminated += await endPolicy(tx, ctx, policy, end);
  } else if (subscriber.maintenance === '025') {
    await reinstatePolicy(tx, policy, enrollment);
    updated += 1;
  }
  await postToFinance(
    tx,
    policy.id,
    ctx.today,
    ctx.dueRule,
    subscriber.maintenance === '025' ? { reinstated: true } : {},
  );
  return { outcome: 'applied', policyId: policy.id, created, updated, terminated };
}

/** New amounts or plan from the effective date: the span is changed in place from its start, else split there. */
async function changeAmounts(
  tx: Transaction,
  ctx: ApplyContext,
  policy: PolicyRow,
  enrollment: Enrollment834,
  effective: string,
): Promise<boolean> {
  const spans = (await coverageSpansOfPolicy(tx, policy.id)).filter((span) => !span.cancelled);
  const span =
    spans.find((s) => s.startDate <= effective && (s.endDate === null || s.endDate >= effective)) ??
    spans.at(-1);
  if (!span) return false;
  const amounts = amountsOf(enrollment, {
    premium: span.premiumAmountCents,
    aptc: span.taxCreditAmountCents,
    csr: span.csrAmountCents,
    other: span.otherSubsidyAmountCents,
  });
  const planId = enrollment.subscriber.coverage?.planId ?? span.planId;
  const plan =
    planId === span.planId
      ? { id: span.planId, planType: span.planType }
      : await planFor(tx, ctx, enrollment.subscriber);
  // A move to another rating area (2750 RATING AREA) changes the span from its date as the amounts do.
  const ratingArea = enrollment.subscriber.reporting.ratingArea?.value ?? span.ratingArea;
  const same =
    amounts.premium === span.premiumAmountCents &&
    amounts.aptc === span.taxCreditAmountCents &&
    amounts.csr === span.csrAmountCents &&
    amounts.other === span.otherSubsidyAmountCents &&
    plan.id === span.planId &&
    ratingArea === span.ratingArea;
  if (same) return false;
  const values = {
    premiumAmountCents: amounts.premium,
    policyRateAmountCents: amounts.premium,
    taxCreditAmountCents: amounts.aptc,
    csrAmountCents: amounts.csr,
    otherSubsidyAmountCents: amounts.other,
    planId: plan.id,
    planType: plan.planType,
    ratingArea,
  };
  if (span.startDate >= effective) {
    await setCoverageSpanTerms(tx, span.id, values);
  } else {
    await updateCoverageSpan(tx, span.id, { endDate: addDays(effective, -1) });
    await insertCoverageSpan(tx, {
      ...values,
      policyId: policy.id,
      addFolderId: `${span.addFolderId}-${effective}`,
      startDate: effective,
      endDate: span.endDate,
      effectuatedDate: span.effectuatedDate,
      groupOrPolicyNumber: span.groupOrPolicyNumber,
    });
  }
  return true;
}

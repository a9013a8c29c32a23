import { and, asc, eq } from 'drizzle-orm';
import { addDays, type CalendarDate, type PaymentDueDayRule } from '@portal/domain';
import { insertConsumerAccount } from '../../auth/accounts';
import type { Transaction } from '../../db/client';
import { enrollmentTransactions } from '../../db/schema';
import { newPublicId } from '../../lib/public-id';
import { hashPassword } from '../../lib/password';
import { auditFileChange } from '../../plugins/audit';
import { insertAddress as insertAddressRow, updateAddressFromEnrollment } from '../address/service';
import { planById, type PlanRow } from '../benefits/service';
import { insertContact, updateContactFromEnrollment } from '../contact/service';
import { insertFinance, markFinanceTerminated, postToFinance } from '../finance/service';
import { insertHouseholdForExchange } from '../household/service';
import {
  endMemberSpans,
  hasMemberSpan,
  insertMember,
  insertMembers,
  insertMemberSpans,
  memberByExchangeId,
  memberIdsOnPolicy,
  membersByExchangeIds,
  reinstateMemberSpans,
  updateMemberFacts as updateMemberRecord,
  type MemberFacts,
  type NewMember,
} from '../member/service';
import { insertPreferences, setLanguageFromEnrollment } from '../paperless/service';
import {
  coverageSpansOfPolicy,
  insertCoverageSpan,
  insertPolicy,
  markPolicyReinstated,
  policyForEnrollment,
  setCoverageSpanTerms,
  setEnrollmentStatus,
  setSourceExchangeId,
  updateCoverageSpan,
  type PolicyRow,
} from '../policy/service';
import {
  effectiveDateOf,
  TransactionRejected,
  type Address,
  type Enrollment834,
  type MemberLoop,
  type ReportingCategories,
} from './map834';

/**
 * Applying one 834 enrolment group to the portal's records, in the caller's transaction (a savepoint per
 * set, decision 051): the same tables every module reads — households, members, policies, coverage and
 * member spans, finances (computed by the finance module's `postToFinance`, the one ledger) — so the
 * overview, the billing clock and invoices need no special case. Each set writes one audit row naming the
 * file, the interchange, the set and its segment.
 */

export interface ApplyContext {
  today: CalendarDate;
  dueRule: PaymentDueDayRule;
  actor: { subject: string; role: string };
  fileName: string;
  interchange: string;
  /** Demo mode: an imported subscriber gets a consumer account with the demo password (README "Import an 834"). */
  demoPassword: string | null;
  /**
   * Read once per import, so that a set costs fewer round trips (bench/enrollment-834.mjs): the plan
   * catalogue as the import finds it (an import never changes plans), and the subscribers that may have held
   * sets — those held before the import, and every one held during it (a superset: a held row rolled back
   * with its savepoint only costs a look that finds nothing).
   */
  cache?: { plans: Map<string, PlanRow | null>; heldSubscribers: Set<string> };
}

export interface Applied {
  outcome: 'applied' | 'held';
  policyId: string | null;
  created: number;
  updated: number;
  terminated: number;
  /** For a 030 audit: what differs from the records. */
  differences?: string[];
}

const ageOn = (dob: string, day: string): number => {
  let age = Number(day.slice(0, 4)) - Number(dob.slice(0, 4));
  if (day.slice(5) < dob.slice(5)) age -= 1;
  return Math.max(0, Math.min(130, age));
};

const yearEnd = (day: string) => `${day.slice(0, 4)}-12-31`;

function rejectAt(segment: number, reason: string, tag = 'INS'): never {
  throw new TransactionRejected({
    segment: { tag, elements: [], position: segment, positionInSet: 0 },
    reason,
  });
}

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
  if (maintenance === '030') result = await compare(tx, policy, enrollment);
  else result = await change(tx, ctx, policy, enrollment);
  await audit(tx, ctx, enrollment, maintenance, policy);
  return result;
}

// ----- creation ----------------------------------------------------------------------------------

async function planFor(tx: Transaction, ctx: ApplyContext, member: MemberLoop) {
  const coverage = member.coverage;
  if (!coverage?.planId)
    rejectAt(coverage?.segment ?? member.segment, 'the coverage has no REF*CE HIOS plan id', 'HD');
  let plan = ctx.cache?.plans.get(coverage.planId);
  if (plan === undefined) {
    plan = await planById(tx, coverage.planId);
    ctx.cache?.plans.set(coverage.planId, plan ?? null);
  }
  if (!plan)
    rejectAt(coverage.planSegment ?? coverage.segment, `unknown HIOS plan id ${coverage.planId}`, 'REF');
  if (plan.lineOfCoverage !== coverage.line)
    rejectAt(
      coverage.segment,
      `plan ${plan.id} is ${plan.lineOfCoverage}, the HD line is ${coverage.line}`,
      'HD',
    );
  return plan;
}

/** The premium and subsidies a set reports (2750 loops), with the TOT RES AMT's remainder as another subsidy. */
function amountsOf(
  enrollment: Enrollment834,
  fallback?: { premium: number; aptc: number; csr: number; other: number },
) {
  const reporting: ReportingCategories = enrollment.subscriber.reporting;
  const memberPremiums = enrollment.members.flatMap((m) =>
    m.reporting.memberPremiumCents ? [m.reporting.memberPremiumCents.value] : [],
  );
  const everyMember = memberPremiums.length > 0 && memberPremiums.length === enrollment.members.length;
  const premium =
    reporting.totalPremiumCents?.value ??
    (everyMember ? memberPremiums.reduce((sum, value) => sum + value, 0) : undefined) ??
    fallback?.premium;
  if (premium === undefined)
    rejectAt(
      enrollment.subscriber.segment,
      'no PRE AMT TOT (nor PRE AMT 1 for every member): the premium is unknown',
      'N1',
    );
  const aptc = reporting.aptcCents?.value ?? fallback?.aptc ?? 0;
  const csr = reporting.csrCents?.value ?? fallback?.csr ?? 0;
  const responsible = reporting.totalResponsibleCents?.value;
  const other =
    responsible === undefined ? (fallback?.other ?? 0) : Math.max(0, premium - aptc - responsible);
  if (aptc + other > premium)
    rejectAt(
      reporting.aptcCents?.segment ?? enrollment.subscriber.segment,
      `APTC AMT ${String(aptc / 100)} is more than the premium ${String(premium / 100)}`,
      'REF',
    );
  return { premium, aptc, csr, other };
}

async function insertAddress(tx: Transaction, householdId: string, address: Address): Promise<string> {
  const row = await insertAddressRow(tx, householdId, {
    street1: address.street1,
    street2: address.street2,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    countyName: null,
    fipsCode: address.fipsCode,
  });
  return row.id;
}

/** A member by the exchange's member id, inserted when new (its facts updated when known). */
async function upsertMember(
  tx: Transaction,
  householdId: string,
  member: MemberLoop,
  isSubscriber: boolean,
): Promise<{ id: string; created: boolean }> {
  const existing = await memberByExchangeId(tx, member.memberId ?? '');
  if (existing) {
    await updateMemberFacts(tx, existing.id, member);
    return { id: existing.id, created: false };
  }
  return { id: await insertMember(tx, newMemberRow(householdId, member, isSubscriber)), created: true };
}

/** A new member's row; one without a name or birth date is rejected. */
function newMemberRow(householdId: string, member: MemberLoop, isSubscriber: boolean): NewMember {
  if (!member.firstName || !member.lastName || !member.dob)
    rejectAt(member.segment, 'a new member needs NM1*IL name and DMG date of birth');
  return {
    householdId,
    folderId: newPublicId('memberFolder'),
    exchangeMemberId: member.memberId,
    firstName: member.firstName,
    middleName: member.middleName,
    lastName: member.lastName,
    dob: member.dob,
    ssnLast4: member.ssnLast4,
    gender: member.gender ?? 'other',
    tobacco: member.tobacco ?? false,
    email: isSubscriber ? member.email : null,
  };
}

async function updateMemberFacts(tx: Transaction, memberId: string, member: MemberLoop): Promise<boolean> {
  const facts: MemberFacts = {
    ...(member.firstName ? { firstName: member.firstName } : {}),
    ...(member.lastName ? { lastName: member.lastName } : {}),
    ...(member.middleName ? { middleName: member.middleName } : {}),
    ...(member.dob ? { dob: member.dob } : {}),
    ...(member.ssnLast4 ? { ssnLast4: member.ssnLast4 } : {}),
    ...(member.gender ? { gender: member.gender } : {}),
    ...(member.tobacco === null ? {} : { tobacco: member.tobacco }),
    ...(member.subscriber && member.email ? { email: member.email } : {}),
  };
  return updateMemberRecord(tx, memberId, facts);
}

async function createPolicy(
  tx: Transaction,
  ctx: ApplyContext,
  enrollment: Enrollment834,
): Promise<{ policy: PolicyRow; members: number }> {
  const subscriber = enrollment.subscriber;
  const coverage = subscriber.coverage ?? enrollment.members.find((m) => m.coverage)?.coverage;
  if (!coverage?.startDate)
    rejectAt(subscriber.segment, 'the subscriber has no HD coverage with a DTP*348 start date', 'HD');
  const plan = await planFor(tx, ctx, { ...subscriber, coverage });
  if (coverage.startDate < plan.effectiveDate || coverage.startDate > plan.effectiveEndDate) {
    rejectAt(
      coverage.segment,
      `impossible dates: plan ${plan.id} runs ${plan.effectiveDate} to ${plan.effectiveEndDate}, the coverage starts ${coverage.startDate}`,
      'DTP',
    );
  }
  const amounts = amountsOf(enrollment);
  const start = coverage.startDate;
  const end = coverage.endDate ?? plan.effectiveEndDate;

  // The members the portal has already, in one look; the household: the subscriber's (another line of
  // coverage came first), else a new one.
  const memberIds = [
    ...new Set(enrollment.members.flatMap((loop) => (loop.memberId ? [loop.memberId] : []))),
  ];
  const knownMembers = new Map(
    (await membersByExchangeIds(tx, memberIds)).map((row) => [row.exchangeMemberId ?? '', row]),
  );
  let householdId = knownMembers.get(subscriber.memberId ?? '')?.householdId ?? null;
  householdId ??= await insertHouseholdForExchange(tx, subscriber.exchangePolicyId);
  await insertContact(tx, householdId, {
    email: subscriber.email,
    homePhone: null,
    mobilePhone: subscriber.phone,
    preferredContactMethod: subscriber.email ? 'email' : subscriber.phone ? 'phone' : 'mail',
  });
  await insertPreferences(tx, householdId, subscriber.language ?? 'en');
  if (!subscriber.residence)
    rejectAt(subscriber.segment, 'the subscriber has no residential address (N3/N4 after NM1*IL)', 'NM1');
  const residentialAddressId = await insertAddress(tx, householdId, subscriber.residence);
  const mailingAddressId = subscriber.mailing
    ? await insertAddress(tx, householdId, subscriber.mailing)
    : residentialAddressId;

  const loops = enrollment.members.filter((loop) => loop.maintenance !== '024');
  // Those the portal has get their facts updated; the new ones are inserted together.
  const fresh: MemberLoop[] = [];
  for (const loop of loops) {
    const known = knownMembers.get(loop.memberId ?? '');
    if (known) await updateMemberFacts(tx, known.id, loop);
    else if (!fresh.some((other) => other.memberId === loop.memberId)) fresh.push(loop);
  }
  const inserted = await insertMembers(
    tx,
    fresh.map((loop) => newMemberRow(householdId, loop, loop.subscriber)),
  );
  const idOf = new Map([
    ...[...knownMembers.values()].map((row) => [row.exchangeMemberId ?? '', row.id] as const),
    ...inserted.map((row) => [row.exchangeMemberId ?? '', row.id] as const),
  ]);
  const created = inserted.length;
  const people = loops.map((loop) => ({ id: idOf.get(loop.memberId ?? '') ?? '', loop }));
  const subscriberRow = people.find((person) => person.loop.subscriber);
  if (!subscriberRow) rejectAt(subscriber.segment, 'missing subscriber');

  const policyNumber =
    subscriber.policyNumber ??
    `X12-${subscriber.subscriberId ?? ''}-${coverage.line.charAt(0)}-${start.slice(0, 4)}`;
  const policy = await insertPolicy(tx, {
    householdId,
    subscriberMemberId: subscriberRow.id,
    policyNumber,
    issuerSubscriberId: subscriber.subscriberId ?? '',
    exchangeSubscriberId: subscriber.subscriberId,
    marketCoverage: 1,
    offExchange: false,
    lineOfCoverage: coverage.line,
    enrollmentType:
      subscriber.maintenance === '025'
        ? 'Reinstatement'
        : subscriber.reason === 'EC' || subscriber.reason === '41'
          ? 'SpecialEnrollment'
          : 'New',
    enrollmentStatus: 'Pending',
    residentialAddressId,
    mailingAddressId,
    fileSource: 'Exchange',
    sourceExchangeId: subscriber.reporting.sourceExchangeId?.value ?? null,
  });
  await insertCoverageSpan(tx, {
    policyId: policy.id,
    addFolderId: `X12-${ctx.interchange}-${enrollment.controlNumber}`,
    startDate: start,
    endDate: end,
    planId: plan.id,
    planType: plan.planType,
    premiumAmountCents: amounts.premium,
    policyRateAmountCents: amounts.premium,
    taxCreditAmountCents: amounts.aptc,
    csrAmountCents: amounts.csr,
    otherSubsidyAmountCents: amounts.other,
    groupOrPolicyNumber: policyNumber,
    ratingArea: subscriber.reporting.ratingArea?.value ?? null,
  });
  await insertMemberSpans(
    tx,
    people.map((person) => {
      const memberStart = person.loop.coverage?.startDate ?? start;
      return {
        policyId: policy.id,
        memberId: person.id,
        relationship: person.loop.relationship,
        startDate: memberStart,
        endDate: person.loop.coverage?.endDate ?? end,
        ratingAge: ageOn(person.loop.dob ?? memberStart, memberStart),
        tobacco: person.loop.tobacco ?? false,
      };
    }),
  );
  await insertFinance(tx, {
    policyId: policy.id,
    premiumAmountDueCents: amounts.premium - amounts.aptc - amounts.other,
    currentAmountDueCents: 0,
    status: 'Binder',
  });
  await postToFinance(tx, policy.id, ctx.today, ctx.dueRule);

  if (ctx.demoPassword !== null) {
    const username = demoUsername(subscriber.subscriberId ?? '');
    await insertConsumerAccount(tx, {
      username,
      email: subscriber.email,
      givenName: subscriber.firstName,
      familyName: subscriber.lastName,
      passwordHash: hashPassword(ctx.demoPassword),
      roles: ['member'],
      memberId: subscriberRow.id,
    });
  }
  return { policy, members: created };
}

/** The demo account an imported subscriber signs in with (demo mode only): `x12.` and the exchange subscriber id. */
export const demoUsername = (subscriberId: string) => `x12.${subscriberId.toLowerCase()}`;

// ----- change, termination, reinstatement ----------------------------------------------------------

async function change(
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
    await reinstate(tx, policy, enrollment);
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

/** A termination (or, ending before it began, a cancellation) of the whole enrolment on `end`. */
async function endPolicy(
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

/** A 025: the ended coverage runs again to the reported end (or its plan year's end). */
async function reinstate(tx: Transaction, policy: PolicyRow, enrollment: Enrollment834): Promise<void> {
  const coverage = enrollment.subscriber.coverage;
  const spans = await coverageSpansOfPolicy(tx, policy.id);
  const last = spans.at(-1);
  if (!last) rejectAt(enrollment.subscriber.segment, 'nothing to reinstate');
  const end = coverage?.endDate ?? yearEnd(last.startDate);
  await updateCoverageSpan(tx, last.id, { cancelled: false, endDate: end });
  await reinstateMemberSpans(tx, policy.id, end);
  await markPolicyReinstated(tx, policy.id, last.effectuatedDate ? 'Active' : 'Pending');
}

/** A 030 audit: compares, changes nothing; the differences are reported. */
async function compare(tx: Transaction, policy: PolicyRow, enrollment: Enrollment834): Promise<Applied> {
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

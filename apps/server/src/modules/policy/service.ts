import {
  accountBalance,
  benefitLines,
  choosePolicySpans,
  compareCalendarDates,
  coverageDetailStatus,
  dueDayRule,
  gracePeriodFor,
  hraDiscount,
  isInArrears,
  isSpanCancelled,
  isSpanCurrent,
  isSpanFuture,
  marketCoverage,
  memberResponsibility,
  memberStatus,
  mergeContiguousSpans,
  paymentDueDate,
  policyDisplayStatus,
  stateSource,
  type CalendarDate,
  type HraDiscount,
} from '@portal/domain';
import type { AccountConfig, PolicyDetail, PolicySummary } from '@portal/contracts';
import type { Database } from '../../db/client';
import {
  loadMemberPolicyBundles,
  loadPolicyBundles,
  loadPolicyPage,
  type FinanceRow,
  type HouseholdRow,
  type PolicyBundle,
  type SpanRow,
} from './repository';

// The policy row's lock and its broker of record, for the commands of other modules on one policy.
export {
  brokerIdOfPolicy,
  householdsOfPolicies,
  lockPolicy,
  repointPolicyAddresses,
  restoreCoverageSpans,
  setBrokerOfRecord,
  setEnrollmentStatus,
  subscriberPolicyCount,
} from './repository';
export { insertCoverageSpan, updateCoverageSpan } from './repository';

// --- reads for acting-session, additional-product, address, contact, demographics, dependents, document, group, member, notification, guest, service-request ---
export {
  actingTargetPolicies,
  coveredLines,
  groupPoliciesOfSubscribers,
  householdPolicyIds,
  latestPolicyByIdentifier,
  policiesMailingHome,
  policiesUsingAddress,
  policyAddressFacts,
  policyFacts,
  policyFiledUnder,
  policyLabelsOf,
  subscriberPolicyIds,
  type PolicyAddressFacts,
  type PolicyHolderTarget,
} from './repository';

/** SPEC §4: the label of a cancelled span. */
export const CANCEL_LABEL = 'policyStatus.cancelled';

export interface PolicyRules {
  today: CalendarDate;
  account: AccountConfig;
}

const toSpan = (span: SpanRow) => ({ ...span, cancelled: span.cancelled });

type GracePeriodOut = NonNullable<NonNullable<PolicyDetail['finance']>['gracePeriod']>;

/**
 * DOMAIN "Grace period": the grace period an active policy behind on its premiums is in today, from its
 * stored finance (the ledger's months past due and paid-through date): with APTC the three months of 45
 * CFR 156.270, otherwise the tenant's `payments.stateGracePeriodDays`. Paying what is past due — for the
 * months past due — ends it. None once it has run out (the billing clock then ends the coverage).
 */
function gracePeriodOf(bundle: PolicyBundle, finance: FinanceRow, rules: PolicyRules): GracePeriodOut | null {
  const firstUnpaidMonth = finance.pastDueMonths[0];
  if (
    bundle.policy.enrollmentStatus !== 'Active' ||
    !isInArrears(finance.status) ||
    firstUnpaidMonth === undefined
  )
    return null;
  const live = bundle.spans.filter((span) => !isSpanCancelled(span));
  const { payments } = rules.account;
  const grace = gracePeriodFor({
    onAptc: live.some((span) => span.taxCreditAmountCents > 0),
    firstUnpaidMonth,
    dueDate: paymentDueDate(firstUnpaidMonth, dueDayRule(payments.dueDate)),
    paidThroughDate: finance.paidThroughDate,
    stateGracePeriodDays: payments.stateGracePeriodDays,
  });
  if (compareCalendarDates(grace.end, rules.today) < 0) return null;
  return {
    kind: grace.kind,
    startDate: grace.start,
    endDate: grace.end,
    coverageEndsOn: grace.coverageEndsOn,
    amountCents: finance.pastAmountDueCents,
    months: finance.pastDueMonths,
  };
}

/**
 * Policy summaries with the SPEC §4 rules applied by packages/domain: the span choice (an extra future
 * span becomes its own entry), status from the merged spans, display status, market, stateSource.
 */
export function summarise(bundle: PolicyBundle, rules: PolicyRules): PolicySummary[] {
  const { policy, finance, reinstatement } = bundle;
  const spans = bundle.spans.map(toSpan);
  const choice = choosePolicySpans(spans, rules.today);
  const status = memberStatus(spans, rules.today);
  const live = spans.filter((span) => !isSpanCancelled(span));
  const entries = choice
    ? [{ span: choice.primary, primary: true }, ...choice.extras.map((span) => ({ span, primary: false }))]
    : [{ span: null, primary: true }];
  return entries.map(({ span, primary }) => {
    const plan = span ? bundle.plans.get(span.planId) : undefined;
    const spanCancelled = span ? isSpanCancelled(span) : false;
    return {
      id: policy.id,
      spanId: span?.id ?? null,
      isPrimaryPolicy: primary,
      householdId: policy.householdId,
      policyNumber: policy.policyNumber,
      exchangeSubscriberId: policy.exchangeSubscriberId,
      issuerSubscriberId: policy.issuerSubscriberId,
      marketCoverage: marketCoverage(policy.marketCoverage),
      offExchange: policy.offExchange,
      lineOfCoverage: policy.lineOfCoverage,
      enrollmentStatus: policy.enrollmentStatus,
      displayStatus: policyDisplayStatus(
        { spanCancelled, enrollmentStatus: policy.enrollmentStatus, financeStatus: finance?.status ?? null },
        { cancelLabel: CANCEL_LABEL, enrollmentStatusLabels: rules.account.enrollmentStatusLabels },
      ),
      status: primary ? status.status : 'Pending',
      active: primary && status.status === 'Active',
      planId: span?.planId ?? null,
      planName: plan?.planName ?? null,
      planType: span?.planType ?? null,
      stateSource: stateSource(span?.planId),
      span: span ? { startDate: span.startDate, endDate: span.endDate } : null,
      earliestBeginDate: live[0]?.startDate ?? null,
      hasFutureSpan: live.some((s) => isSpanFuture(s, rules.today)),
      policyHolder: bundle.holder,
      reinstatementStatus: reinstatement?.reinstatementStatus ?? null,
      amountDueCents: finance ? finance.currentAmountDueCents + finance.pastAmountDueCents : 0,
      paymentDueDate: finance?.paymentDueDate ?? null,
      hasAutoPay: bundle.activeAutopays > 0,
      financeStatus: finance?.status ?? null,
    };
  });
}

/** Policy summaries with the households of their policies, read in the same statement (docs/decisions/035). */
export interface PolicyOverview {
  summaries: PolicySummary[];
  /** The policies' households, each once, in the order their first policy comes. */
  households: HouseholdRow[];
}

function overviewOf(bundles: PolicyBundle[], rules: PolicyRules): PolicyOverview {
  const households = new Map<string, HouseholdRow>();
  for (const { household } of bundles)
    if (household && !households.has(household.id)) households.set(household.id, household);
  return {
    summaries: bundles.flatMap((bundle) => summarise(bundle, rules)),
    households: [...households.values()],
  };
}

export async function policyOverview(
  db: Database,
  policyIds: string[],
  rules: PolicyRules,
): Promise<PolicyOverview> {
  return overviewOf(await loadPolicyBundles(db, policyIds), rules);
}

export async function policySummaries(
  db: Database,
  policyIds: string[],
  rules: PolicyRules,
): Promise<PolicySummary[]> {
  return (await policyOverview(db, policyIds, rules)).summaries;
}

/** The policies a member may see (their household's, any they hold or are covered by), oldest first, with their households. */
export async function memberPolicyOverview(
  db: Database,
  memberId: string | null,
  householdId: string | null,
  rules: PolicyRules,
): Promise<PolicyOverview> {
  return overviewOf(await loadMemberPolicyBundles(db, memberId, householdId), rules);
}

/** One policy with finance, coverage details, plan, members, broker, group, addresses (SPEC §3 Policy). */
export async function policyDetail(
  db: Database,
  policyId: string,
  rules: PolicyRules,
): Promise<PolicyDetail | null> {
  const page = await loadPolicyPage(db, policyId);
  return page ? describePolicyPage(page, rules) : null;
}

export type PolicyPage = NonNullable<Awaited<ReturnType<typeof loadPolicyPage>>>;

/** {@link policyDetail} of a page already loaded (the policy read loads it before its access check: one round trip less). */
export function describePolicyPage(page: PolicyPage, rules: PolicyRules): PolicyDetail | null {
  const { bundle, extras } = page;
  const [summary] = summarise(bundle, rules);
  if (!summary) return null;
  const { policy, finance } = bundle;
  const hra = hraOf(policy);
  const shownSpan = bundle.spans.find((span) => span.id === summary.spanId);
  const plan = shownSpan ? bundle.plans.get(shownSpan.planId) : undefined;

  const byMember = new Map<string, (typeof extras.memberRows)[number][]>();
  for (const row of extras.memberRows)
    byMember.set(row.member.id, [...(byMember.get(row.member.id) ?? []), row]);
  const membersOut = [...byMember.values()].map((rows) => {
    const first = rows[0];
    if (!first) throw new Error('unreachable: grouped rows are never empty');
    const spans = rows.map((r) => ({
      startDate: r.span.startDate,
      endDate: r.span.endDate,
      cancelled: r.span.cancelled,
    }));
    const merged = mergeContiguousSpans(spans);
    // The member's facts (relationship, rating age) from the span covering today, else the latest one.
    const live = rows.filter((r) => !isSpanCancelled(r.span));
    const current = live.find((r) => isSpanCurrent(r.span, rules.today)) ?? live.at(-1) ?? first;
    return {
      id: first.member.id,
      folderId: first.member.folderId,
      exchangeMemberId: first.member.exchangeMemberId,
      firstName: first.member.firstName,
      lastName: first.member.lastName,
      dob: first.member.dob,
      gender: first.member.gender,
      relationship: current.span.relationship,
      ratingAge: current.span.ratingAge,
      tobacco: current.span.tobacco,
      ssnLast4: first.member.ssnLast4,
      status: memberStatus(spans, rules.today).status,
      spans: merged,
      effectiveDate: merged[0]?.startDate ?? null,
      endDate: merged.at(-1)?.endDate ?? null,
    };
  });

  const address = (row: typeof extras.residential) =>
    row
      ? {
          street1: row.street1,
          street2: row.street2,
          city: row.city,
          state: row.state,
          zipCode: row.zipCode,
          countyName: row.countyName,
          fipsCode: row.fipsCode,
        }
      : null;

  return {
    ...summary,
    finance: finance
      ? {
          premiumAmountDueCents: finance.premiumAmountDueCents,
          currentAmountDueCents: finance.currentAmountDueCents,
          pastAmountDueCents: finance.pastAmountDueCents,
          pastDueMonths: finance.pastDueMonths,
          currentDueMonths: finance.currentDueMonths,
          subsidizedAmountCents: finance.subsidizedAmountCents,
          hraAmountCents: finance.hraAmountCents,
          unallocatedAmountCents: finance.unallocatedAmountCents,
          paymentDueDate: finance.paymentDueDate,
          paidThroughDate: finance.paidThroughDate,
          status: finance.status,
          delinquent: finance.delinquent,
          hasAutoPay: bundle.activeAutopays > 0,
          paperless: bundle.paperless?.paperless ?? false,
          paperlessEmail: bundle.paperless?.paperlessEmail ?? null,
          gracePeriod: gracePeriodOf(bundle, finance, rules),
          balance: (() => {
            const balance = accountBalance(
              finance.currentAmountDueCents + finance.pastAmountDueCents,
              finance.unallocatedAmountCents,
              {
                disregardUnallocated: rules.account.payments.disregardUnallocatedAmount,
              },
            );
            return { source: balance.source, amountCents: balance.amount };
          })(),
        }
      : null,
    coverageDetails: bundle.spans.map((span) => {
      const spanHra = hraDiscount(span.premiumAmountCents, hra, rules.today);
      return {
        id: span.id,
        addFolderId: span.addFolderId,
        startDate: span.startDate,
        endDate: span.endDate,
        cancelled: span.cancelled,
        premiumAmountCents: span.premiumAmountCents,
        policyRateAmountCents: span.policyRateAmountCents,
        taxCreditAmountCents: span.taxCreditAmountCents,
        csrAmountCents: span.csrAmountCents,
        otherSubsidyAmountCents: span.otherSubsidyAmountCents,
        memberResponsibilityCents: memberResponsibility({
          premiumAmount: span.premiumAmountCents,
          taxCreditAmount: span.taxCreditAmountCents,
          otherSubsidyAmount: span.otherSubsidyAmountCents,
          hraAmount: spanHra,
        }),
        planId: span.planId,
        planType: span.planType,
        status: coverageDetailStatus(span.effectuatedDate),
        groupOrPolicyNumber: span.groupOrPolicyNumber,
      };
    }),
    plan: plan
      ? {
          planId: plan.id,
          lineOfCoverage: plan.lineOfCoverage,
          planName: plan.planName,
          metalLevel: plan.metalLevel,
          planType: plan.planType,
          effectiveYear: plan.planYear,
          effectiveDate: plan.effectiveDate,
          effectiveEndDate: plan.effectiveEndDate,
          monthlyPremiumCents: plan.monthlyPremiumCents,
          deductibleCents: plan.deductibleCents,
          outOfPocketMaxCents: plan.outOfPocketMaxCents,
          drugsCovered: plan.drugsCovered,
          sbcUrl: plan.sbcUrl,
          logoUrl: plan.logoUrl,
          summary: plan.summary,
          // The design as data (cents, percentages), whatever shape it was stored in (packages/domain benefits.ts).
          details: benefitLines(plan.details),
        }
      : null,
    members: membersOut,
    broker: extras.broker
      ? {
          id: extras.broker.id,
          npn: extras.broker.npn,
          firstName: extras.broker.firstName,
          lastName: extras.broker.lastName,
          agencyName: extras.broker.agencyName,
          email: extras.broker.email,
          phone: extras.broker.phone,
        }
      : null,
    group: extras.group
      ? { id: extras.group.id, groupNumber: extras.group.groupNumber, name: extras.group.name }
      : null,
    residentialAddress: address(extras.residential),
    mailingAddress: address(extras.mailing),
    contactInformation: extras.contact
      ? {
          email: extras.contact.email,
          homePhone: extras.contact.homePhone,
          mobilePhone: extras.contact.mobilePhone,
          preferredContactMethod: extras.contact.preferredContactMethod,
        }
      : null,
    reinstatementEligibility: bundle.reinstatement
      ? {
          reinstatementStatus: bundle.reinstatement.reinstatementStatus,
          expirationDate: bundle.reinstatement.expirationDate,
          amountDueCents: bundle.reinstatement.amountDueCents,
          months: bundle.reinstatement.months,
        }
      : null,
    hra: hra
      ? {
          kind: hra.kind,
          percent: hra.kind === 'percentage' ? hra.percent : null,
          amountCents: hra.kind === 'flat' ? hra.amount : null,
          startDate: hra.startDate,
          endDate: hra.endDate,
          discountThisMonthCents: hraDiscount(shownSpan?.premiumAmountCents ?? 0, hra, rules.today),
        }
      : null,
    scheduledPaymentCount: extras.scheduledCount,
  };
}

/**
 * {@link policyDetail} with when the policy's record last changed as far as the portal keeps a time: its
 * creation, or its finance's last update (FHIR `meta.lastUpdated`, issue 37 and decision 053).
 */
export async function policyDetailWithTime(
  db: Database,
  policyId: string,
  rules: PolicyRules,
): Promise<{ detail: PolicyDetail; updatedAt: Date } | null> {
  const page = await loadPolicyPage(db, policyId);
  const detail = page ? describePolicyPage(page, rules) : null;
  if (!page || !detail) return null;
  const { policy, finance } = page.bundle;
  const updatedAt = finance && finance.updatedAt > policy.createdAt ? finance.updatedAt : policy.createdAt;
  return { detail, updatedAt };
}

// --- reads for autopay, scheduled-payment, payment, finance, reinstatement (issue 38) ---
// Fragments (one statement with the caller's own table, decision 035) and batched reads of the policy's
// rows; the billing's ledger reads the HRA terms and spans here, effectuates a span on a binder payment, and
// the billing clock ends or cancels the coverage of a policy behind on its premiums.
export {
  cancelCoverageSpans,
  coverageSpansOf,
  coverageSpansOfPolicies,
  effectuateCoverageSpan,
  endCoverageSpans,
  householdOfPolicy,
  hraTermsOf,
  issuerSubscriberIdOf,
  policyHeads,
  policyIdsMatching,
  policyNumberOf,
  policyTermsOf,
  subscriberOfPolicy,
  type PolicyHead,
} from './repository';

/** The HRA columns of a policy (SPEC §9 HRA discount). */
export interface PolicyHraRow {
  hraKind: 'percentage' | 'flat' | null;
  hraPercent: number | null;
  hraAmountCents: number | null;
  hraStartDate: string | null;
  hraEndDate: string | null;
}

/**
 * The policy's HRA discount terms (SPEC §9), null without one. The policy's own record, so the policy
 * module says it; the premium ledger (modules/finance) reads it from here.
 */
export function hraOf(policy: PolicyHraRow): HraDiscount | null {
  if (!policy.hraKind || !policy.hraStartDate) return null;
  return policy.hraKind === 'percentage'
    ? {
        kind: 'percentage',
        percent: policy.hraPercent ?? 0,
        startDate: policy.hraStartDate,
        endDate: policy.hraEndDate,
      }
    : {
        kind: 'flat',
        amount: policy.hraAmountCents ?? 0,
        startDate: policy.hraStartDate,
        endDate: policy.hraEndDate,
      };
}

// --- reads and writes for the enrollment module (the X12 834 import and its effectuation file, issue 34) ---
export type { PolicyRow, SpanRow as CoverageSpanRow } from './repository';
export {
  coverageSpansOfPolicy,
  effectuatedCoverage,
  insertPolicy,
  isOffExchange,
  liveSpanStartingOn,
  markPolicyReinstated,
  policyForEnrollment,
  policyIdsOfHousehold,
  setCoverageSpanTerms,
  setSourceExchangeId,
} from './repository';

// --- reads for benefits, policy-coverage, document PDFs, saml, audit ---
export { householdsOfPolicyReference, planIdOfPolicyOn, policiesByReference, policyById } from './repository';
// For the household module: the row of a policy's household as the overview's statement reads it.
export type { HouseholdRow } from './repository';

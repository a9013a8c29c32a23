import {
  addDays,
  addMonths,
  endOfMonth,
  financeSnapshot,
  hraDiscount,
  memberResponsibility,
  reinstatementDue,
  type CalendarDate,
  type Cents,
  type ReinstatementDue,
} from '@portal/domain';
import {
  dueDate,
  ledger,
  monthsBetween,
  monthStart,
  simulatePayments,
  type BilledMonth,
  type SimulatedPayment,
} from './billing';
import { ageOn, compareDates, DUE_RULE, instant, itemAt, yearOf } from './context';
import { issuerSubscriberId, policyNumber as formatPolicyNumber } from './ids';
import type { PolicyHost, PolicyOutcome, PolicySpec } from './model';
import { writePolicyDocuments, type PolicyFacts, type SpanInfo } from './policy-documents';
import { writePolicyPayments } from './policy-payments';
import { benchmarkSilver, planId, policyPremium } from './reference/plans';
import { csrEstimate, monthlyAptc } from './subsidy';

/**
 * Builds one policy: its spans (split per plan year, priced by age and rating area, with APTC,
 * employer or state help), the premium ledger, the finance row, payments, autopay, scheduled
 * payments, reinstatement eligibility and documents. Everything is derived from the same ledger,
 * so the numbers agree with each other.
 */
export function buildPolicy(host: PolicyHost, spec: PolicySpec): PolicyOutcome {
  const { ctx, rng } = host;
  const today = ctx.today;
  const policyId = rng.uuid();
  const number = formatPolicyNumber(host.number, spec.sequence);
  const subscriber = host.member(spec.subscriberSlot);
  const spans = priceSpans(host, spec, number);
  const live = spans.filter((span) => !span.cancelled);

  // DOMAIN "Money": the member owes premium − APTC − other subsidy − HRA, billed a month ahead.
  const horizon = endOfMonth(addMonths(today, 1));
  const months: BilledMonth[] = [];
  const spanOfMonth: SpanInfo[] = [];
  for (const span of live) {
    const last = compareDates(span.end, horizon) < 0 ? span.end : horizon;
    for (const month of monthsBetween(span.start, last)) {
      months.push({ month, amount: responsibility(span, spec, month) });
      spanOfMonth.push(span);
    }
  }
  const payments: SimulatedPayment[] = simulatePayments(rng, months, spec.payment, today);
  const state = ledger(months, payments, today);

  // SPEC §4: a coverage detail is Effectuated when it has an effectuated date: the day its first
  // month was paid for (the binder, for a new enrolment).
  for (const span of live) {
    const index = spanOfMonth.indexOf(span);
    span.effectuatedDate = index >= 0 && index < state.paidMonths ? (state.paidOn[index] ?? null) : null;
  }

  const firstStart = live[0]?.start ?? itemAt(spans, 0).start;
  const lastEnd = live.at(-1)?.end ?? itemAt(spans, 0).end;
  const enrollmentStatus: PolicyOutcome['enrollmentStatus'] =
    live.length === 0
      ? 'Cancelled'
      : compareDates(lastEnd, today) < 0
        ? 'Terminated'
        : compareDates(firstStart, today) > 0
          ? 'Pending'
          : 'Active';

  // The finance figures come from the domain's ledger, the one payments and the billing clock use.
  const finance = financeSnapshot({
    months,
    payments: payments.filter((payment) => payment.status === 'Succeeded'),
    today,
    enrollment: enrollmentStatus,
    onAptc: live.some((span) => span.aptc > 0),
    firstStart,
    dueRule: DUE_RULE,
    dueDateOf: dueDate,
    terminatedForNonPayment: spec.termination?.reason === 'non-payment',
  });
  const pastDue = finance.pastAmountDue;
  const currentDue = finance.currentAmountDue;
  const financeStatus: PolicyOutcome['financeStatus'] = finance.status;
  const grace = finance.gracePeriod;

  // The span that describes the policy today: the current one, else the next, else the last.
  const shownSpan =
    live.find((span) => compareDates(span.start, today) <= 0 && compareDates(span.end, today) >= 0) ??
    live.find((span) => compareDates(span.start, today) > 0) ??
    live.at(-1) ??
    itemAt(spans, 0);
  const shownMonth =
    compareDates(shownSpan.start, today) > 0 || compareDates(shownSpan.end, today) < 0
      ? shownSpan.start
      : monthStart(today);
  const hraToday = hraDiscount(shownSpan.premium, spec.hra, shownMonth);

  host.rows.policies.push({
    id: policyId,
    householdId: host.householdId,
    subscriberMemberId: subscriber.id,
    policyNumber: number,
    issuerSubscriberId: issuerSubscriberId(host.number, spec.subscriberSlot),
    exchangeSubscriberId: spec.onExchange ? subscriber.exchangeMemberId : null,
    marketCoverage: spec.market === 'Group' ? 2 : 1,
    offExchange: !spec.onExchange,
    lineOfCoverage: spec.line,
    enrollmentType: spec.enrollmentType,
    enrollmentStatus,
    groupId: spec.group?.id ?? null,
    brokerId: spec.brokerId ?? null,
    residentialAddressId: host.residentialAddressId,
    mailingAddressId: host.mailingAddressId,
    fileSource: spec.market === 'Group' ? 'Employer' : spec.onExchange ? 'Exchange' : 'Issuer',
    isPrimary: true,
    hraKind: spec.hra?.kind ?? null,
    hraPercent: spec.hra?.kind === 'percentage' ? spec.hra.percent : null,
    hraAmountCents: spec.hra?.kind === 'flat' ? spec.hra.amount : null,
    hraStartDate: spec.hra?.startDate ?? null,
    hraEndDate: spec.hra?.endDate ?? null,
    // Enrolled about 25 days before coverage began (and never later than yesterday).
    createdAt: instant(
      [addDays(firstStart, -25), addDays(today, -1)].sort(compareDates)[0] ?? today,
      14 * 60,
    ),
  });
  for (const span of spans) {
    host.rows.coverageSpans.push({
      id: span.id,
      policyId,
      addFolderId: subscriber.folderId,
      startDate: span.start,
      // A cancelled span never took effect: it ends the day it would have started.
      endDate: span.cancelled ? span.start : span.end,
      cancelled: span.cancelled,
      planId: span.planId,
      planType: span.planType,
      premiumAmountCents: span.premium,
      // Spans always start on the first of a month here, so no month is prorated and the policy
      // rate equals the premium.
      policyRateAmountCents: span.premium,
      taxCreditAmountCents: span.aptc,
      csrAmountCents: span.csr,
      otherSubsidyAmountCents: span.other,
      effectuatedDate: span.effectuatedDate,
      groupOrPolicyNumber: spec.group?.groupNumber ?? number,
    });
    for (const slot of span.slots) {
      const member = host.member(slot);
      host.rows.memberSpans.push({
        policyId,
        memberId: member.id,
        relationship: member.relationship,
        startDate: span.start,
        endDate: span.cancelled ? span.start : span.end,
        cancelled: span.cancelled,
        ratingAge: Math.max(0, ageOn(member.dob, span.start)),
        tobacco: member.tobacco ?? false,
      });
    }
  }

  const reinstatement = spec.termination?.reinstatement;
  const lastSpan = live.at(-1);
  const reinstate: ReinstatementDue =
    reinstatement && reinstatement.status !== 'NotEligible' && enrollmentStatus === 'Terminated' && lastSpan
      ? reinstatementOf(spec, months, lastSpan, payments, today)
      : { months: [], amount: 0 };
  host.rows.finances.push({
    policyId,
    premiumAmountDueCents: enrollmentStatus === 'Cancelled' ? 0 : responsibility(shownSpan, spec, shownMonth),
    currentAmountDueCents: currentDue,
    pastAmountDueCents: pastDue,
    subsidizedAmountCents: shownSpan.aptc + shownSpan.other,
    hraAmountCents: hraToday,
    unallocatedAmountCents: state.unallocated,
    paymentDueDate: finance.paymentDueDate,
    paidThroughDate: state.paidThroughDate,
    status: financeStatus,
    delinquent: finance.delinquent,
    gracePeriodStartDate: grace?.start ?? null,
    gracePeriodEndDate: grace?.end ?? null,
    // The months each amount is for: the overview and the documents name them.
    pastDueMonths: [...finance.pastDueMonths],
    currentDueMonths: [...finance.currentDueMonths],
  });
  if (reinstatement) {
    host.rows.reinstatementEligibility.push({
      policyId,
      reinstatementStatus: reinstatement.status,
      expirationDate: reinstatement.expirationDate,
      amountDueCents: reinstate.amount,
      months: [...reinstate.months],
    });
  }

  const facts: PolicyFacts = {
    policyId,
    policyNumber: number,
    spec,
    spans,
    months,
    spanOfMonth,
    payments,
    enrollmentStatus,
    financeStatus,
    grace,
    firstStart,
    lastEnd,
    pastDue,
    pastDueMonths: finance.pastDueMonths,
    amountDue: pastDue + currentDue,
    responsibilityOn: (month) => {
      const span = live.find(
        (candidate) => compareDates(candidate.start, month) <= 0 && compareDates(candidate.end, month) >= 0,
      );
      return span ? responsibility(span, spec, month) : null;
    },
    paidThroughDate: state.paidThroughDate,
    paidOn: state.paidOn,
  };
  const paymentOutcome = writePolicyPayments(host, facts);
  const documents = writePolicyDocuments(host, facts);
  return {
    id: policyId,
    policyNumber: number,
    enrollmentStatus,
    financeStatus,
    ...documents,
    ...paymentOutcome,
    amountDue: facts.amountDue,
  };
}

/**
 * SPEC §3 Reinstatement eligibility from the same ledger as the amounts due (the domain's rule, as the
 * billing clock applies it): reinstating restores the coverage as if it had gone on — the last span
 * carried on past its end — so every month owed by today is due: the months past due and each month
 * since the coverage ended.
 */
function reinstatementOf(
  spec: PolicySpec,
  months: readonly BilledMonth[],
  lastSpan: SpanInfo,
  payments: readonly SimulatedPayment[],
  today: CalendarDate,
): ReinstatementDue {
  const continued = [...months];
  for (const month of monthsBetween(addDays(lastSpan.end, 1), endOfMonth(addMonths(today, 1))))
    continued.push({ month, amount: responsibility(lastSpan, spec, month) });
  return reinstatementDue(continued, ledger(continued, payments, today), today, dueDate);
}

function responsibility(span: SpanInfo, spec: PolicySpec, month: CalendarDate): Cents {
  return memberResponsibility({
    premiumAmount: span.premium,
    taxCreditAmount: span.aptc,
    otherSubsidyAmount: span.other,
    hraAmount: hraDiscount(span.premium, spec.hra, month),
  });
}

/** Splits segments per plan year (individual-market spans end on 31 December) and prices them. */
function priceSpans(host: PolicyHost, spec: PolicySpec, number: string): SpanInfo[] {
  const spans: SpanInfo[] = [];
  for (const segment of spec.segments) {
    for (let year = yearOf(segment.start); year <= yearOf(segment.end); year++) {
      const start = year === yearOf(segment.start) ? segment.start : `${year}-01-01`;
      const end = year === yearOf(segment.end) ? segment.end : `${year}-12-31`;
      const id = planId(segment.plan, year, segment.variant);
      const plan = host.ctx.plans.get(id);
      if (!plan) throw new RangeError(`Policy ${number}: plan ${id} is not in the catalogue`);
      const people = segment.slots.map((slot) => ({ age: Math.max(0, ageOn(host.member(slot).dob, start)) }));
      const premium = policyPremium(segment.plan, year, people, host.areaFactor);
      const fpl = segment.fplPercent ?? spec.fplPercent;
      const benchmark = policyPremium(benchmarkSilver(), year, people, host.areaFactor);
      const aptc =
        fpl !== undefined && spec.onExchange && spec.line === 'Medical'
          ? monthlyAptc({
              coverageYear: year,
              fplPercent: fpl,
              householdSize: host.householdSize,
              benchmarkPremium: benchmark,
              premium,
            })
          : 0;
      let other = 0;
      if (spec.group) other = Math.round((premium * spec.group.contributionPercent) / 100);
      else if (spec.stateWrapShare)
        other = Math.max(0, Math.round((premium - aptc - 1_000) * spec.stateWrapShare));
      spans.push({
        id: host.rng.uuid(),
        start,
        end,
        cancelled: segment.cancelled ?? false,
        planId: id,
        planName: plan.planName,
        planType: plan.planType,
        year,
        slots: segment.slots,
        premium,
        aptc,
        other: Math.min(other, premium - aptc),
        csr: csrEstimate(segment.variant, premium),
        benchmark,
        effectuatedDate: null,
      });
    }
  }
  return spans.sort((a, b) => compareDates(a.start, b.start));
}

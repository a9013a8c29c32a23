import type { FastifyBaseLogger } from 'fastify';
import {
  allocatePayments,
  billingDay,
  compareCalendarDates,
  endOfMonth,
  hraDiscount,
  monthStart,
  paymentDueDate,
  reinstatementDue,
  type BillingDay,
  type BillingRules,
  type BillingTransition,
  type CalendarDate,
  type CoverageChange,
  type LedgerPayment,
} from '@portal/domain';
import type { Database, Transaction } from '../../db/client';
import type { DailyStep, DayScope } from '../../jobs/runner';
import { enqueueEvents, type OutboxEventInput } from '../../outbox/events';
import { auditSystemMany } from '../../plugins/audit';
import { stopAutopayOfPolicy } from '../autopay/service';
import { issueDocuments, type IssueDocumentInput } from '../document/service';
import { cancelScheduledPaymentsOfPolicy } from '../scheduled-payment/service';
import {
  cancelCoverage,
  claimClockPage,
  clockInputs,
  effectuateSpans,
  endCoverage,
  setEnrollmentStatus,
  upsertReinstatement,
  writeFinances,
  type ClockPolicyRow,
  type ClockSpanRow,
  type FinanceFigures,
  type FinanceRow,
  type ReinstatementInsert,
  type ReinstatementRow,
} from './clock-repository';
import { billedMonths, enrollmentOf, hraOf, liveSpans, monthAmount, shownSpanOf } from './policy-ledger';

/** Policies per transaction: one claim, four reads and a handful of writes for the whole page. */
const PAGE = 500;
const JOB = 'billing-clock';

export interface BillingClockDependencies {
  db: Database;
  rules: BillingRules;
  nudgeOutbox: () => void;
}

/** The notice each transition sends (DOMAIN "Documents"; the PDF texts are in i18n/, `pdf.notice`). */
export const TRANSITION_NOTICE: Record<BillingTransition['kind'], string> = {
  'past-due': 'past-due',
  'grace-period-entered': 'grace-period',
  'claims-pended': 'claims-pended',
  'grace-period-ended': 'grace-period-ended',
  'terminated-for-non-payment': 'termination',
  'binder-cancelled': 'cancellation',
};

/**
 * The billing clock (issue 10; rules in packages/domain billing-clock.ts), the first step of the billing
 * day: for every policy, once a day, recompute its finance from its ledger and apply what the day brings —
 * the month's invoice on its invoice date, past due after a due date, the APTC grace period (entered,
 * claims pended from month 2, coverage ended back to the end of month 1 after month 3) or the state's,
 * a binder not paid by its deadline, the reinstatement offer and its expiry. Each transition is a notice
 * (a document, hence a notification and, for paperless households, an e-mail).
 *
 * Exactly once: a page of policies is claimed by locking their finance rows (SKIP LOCKED: a second
 * instance takes the next page) among those whose `clock_date` is before the day, and everything the
 * day changes for them — finance, coverage, reinstatement, documents, outbox events, audit rows and the
 * new `clock_date` — commits in the page's one transaction. A crash rolls the page back; the next run
 * does it again. Invoices are also unique per policy and month (`documents_invoice_once`).
 */
export function billingClockStep(deps: BillingClockDependencies): DailyStep {
  return {
    name: JOB,
    run: async (day: CalendarDate, scope: DayScope, log: FastifyBaseLogger) => {
      const counts: Record<string, number> = {};
      const count = (what: string, by = 1) => {
        if (by > 0) counts[what] = (counts[what] ?? 0) + by;
      };
      // Policies whose ledger could not be computed (bad data) are left for operators, not retried forever.
      const skip: string[] = [];
      const dueDateOf = memoisedDueDate(deps.rules);
      for (;;) {
        const claimed = await deps.db.transaction(async (tx) => {
          const page = await claimClockPage(tx, day, PAGE, { householdId: scope.householdId, skip });
          if (page.length === 0) return 0;
          const failed = await clockPage(tx, deps, day, page, dueDateOf, count);
          for (const policyId of failed) {
            log.error(
              { job: JOB, policyId },
              'billing clock could not compute a policy; left for an operator',
            );
            skip.push(policyId);
          }
          return page.length;
        });
        if (claimed < PAGE) break;
      }
      if (Object.keys(counts).some((key) => key !== 'policies')) deps.nudgeOutbox();
      if (skip.length > 0) count('failed', skip.length);
      return counts;
    },
  };
}

function memoisedDueDate(rules: BillingRules): (month: CalendarDate) => CalendarDate {
  const cache = new Map<CalendarDate, CalendarDate>();
  return (month) => {
    const first = monthStart(month);
    let due = cache.get(first);
    if (due === undefined) {
      due = paymentDueDate(first, rules.dueRule);
      cache.set(first, due);
    }
    return due;
  };
}

/** What one policy's day comes to: its figures and the writes beside them. */
interface PolicyDay {
  figures: FinanceFigures;
  day: BillingDay;
  documents: IssueDocumentInput[];
  effectuate: { spanId: string; date: CalendarDate }[];
  enrollmentStatus: ClockPolicyRow['enrollmentStatus'] | null;
  reinstatement: ReinstatementInsert | null;
  /** What changed, for the audit (`invoice`, the transition kinds, `reinstatement-expired`, …). */
  changes: string[];
}

/** Runs the day for a claimed page inside its transaction; answers the policies it could not compute. */
async function clockPage(
  tx: Transaction,
  deps: BillingClockDependencies,
  day: CalendarDate,
  page: readonly FinanceRow[],
  dueDateOf: (month: CalendarDate) => CalendarDate,
  count: (what: string, by?: number) => void,
): Promise<string[]> {
  const inputs = await clockInputs(
    tx,
    page.map((row) => row.policyId),
  );
  const policyOf = new Map(inputs.policyRows.map((row) => [row.id, row]));
  const spansOf = groupBy(inputs.spanRows, (row) => row.policyId);
  const paymentsOf = groupBy(inputs.paymentRows, (row) => row.policyId);
  const reinstatementOf = new Map(inputs.reinstatementRows.map((row) => [row.policyId, row]));

  const failed: string[] = [];
  const days: PolicyDay[] = [];
  for (const finance of page) {
    const policy = policyOf.get(finance.policyId);
    if (!policy) continue;
    try {
      days.push(
        planPolicyDay({
          day,
          rules: deps.rules,
          dueDateOf,
          finance,
          policy,
          spans: spansOf.get(policy.id) ?? [],
          payments: (paymentsOf.get(policy.id) ?? []).map((payment) => ({
            date: payment.date,
            amount: payment.amount,
          })),
          reinstatement: reinstatementOf.get(policy.id) ?? null,
        }),
      );
    } catch {
      failed.push(finance.policyId);
    }
  }

  // Coverage first (the figures and documents describe the coverage as it now is). A coverage that ended
  // takes its autopay and its scheduled payments with it: they would only pay for a coverage no longer running.
  const stopped: OutboxEventInput[] = [];
  for (const entry of days) {
    const { figures, day: result, enrollmentStatus, effectuate, reinstatement } = entry;
    const change: CoverageChange | null = result.coverageChange;
    if (change?.kind === 'terminate') await endCoverage(tx, figures.policyId, change.endDate);
    else if (change?.kind === 'cancel') await cancelCoverage(tx, figures.policyId);
    else if (enrollmentStatus !== null) await setEnrollmentStatus(tx, figures.policyId, enrollmentStatus);
    if (change !== null) {
      const policy = policyOf.get(figures.policyId);
      if (policy) {
        const autopay = await stopAutopayOfPolicy(tx, policy, day);
        const scheduled = await cancelScheduledPaymentsOfPolicy(tx, policy);
        if (autopay.length > 0) entry.changes.push('autopay-stopped');
        if (scheduled.length > 0) entry.changes.push('scheduled-payments-cancelled');
        count('autopay-stopped', autopay.length);
        count('scheduled-payments-cancelled', scheduled.length);
        stopped.push(...autopay, ...scheduled);
      }
    }
    await effectuateSpans(tx, effectuate);
    if (reinstatement) await upsertReinstatement(tx, reinstatement);
  }
  await writeFinances(
    tx,
    day,
    days.map((entry) => entry.figures),
  );
  const documents = days.flatMap((entry) => entry.documents);
  const issued = await issueDocuments(tx, documents);
  const events: OutboxEventInput[] = [...issued.flatMap((entry) => (entry ? [entry.event] : [])), ...stopped];
  await enqueueEvents(tx, events);
  const changed = days.filter((entry) => entry.changes.length > 0);
  await auditSystemMany(
    tx,
    changed.map((entry) => ({
      job: JOB,
      action: 'billing-clock.update',
      outcome: 'success' as const,
      recordType: 'policy',
      recordIds: [entry.figures.policyId],
      actingForHouseholdId: policyOf.get(entry.figures.policyId)?.householdId ?? null,
      reason: entry.changes.join(','),
    })),
  );

  count('policies', days.length);
  count(
    'invoices',
    issued.filter((entry, index) => entry !== null && documents[index]?.type === 'invoice').length,
  );
  count(
    'notices',
    issued.filter((entry, index) => entry !== null && documents[index]?.type === 'notice').length,
  );
  for (const entry of days) for (const transition of entry.day.transitions) count(transition.kind);
  return failed;
}

function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

interface PolicyDayInput {
  day: CalendarDate;
  rules: BillingRules;
  dueDateOf: (month: CalendarDate) => CalendarDate;
  finance: FinanceRow;
  policy: ClockPolicyRow;
  spans: readonly ClockSpanRow[];
  payments: readonly LedgerPayment[];
  reinstatement: ReinstatementRow | null;
}

/** One policy's day, computed (no I/O): the domain's billingDay plus what the server writes for it. */
export function planPolicyDay(input: PolicyDayInput): PolicyDay {
  const { day, rules, dueDateOf, finance, policy, spans, payments } = input;
  const ledger = billedMonths(policy, spans, day);
  const enrollment = enrollmentOf(spans, ledger, payments, day);
  const live = liveSpans(spans);
  const onAptc = live.some((span) => span.aptc > 0);
  const terminatedForNonPayment =
    finance.status === 'Terminated' &&
    (finance.gracePeriodStartDate !== null ||
      (input.reinstatement !== null && input.reinstatement.reinstatementStatus !== 'NotEligible'));
  const result = billingDay({
    day,
    months: ledger.months,
    ...(enrollment === 'Active'
      ? { continuedMonths: billedMonths(policy, spans, day, { carryOn: true }).months }
      : {}),
    payments,
    enrollment,
    onAptc,
    firstStart: live[0]?.startDate ?? day,
    terminatedForNonPayment,
    stored: { status: finance.announcedStatus ?? finance.status, clockDate: finance.clockDate },
    rules,
    dueDateOf,
  });

  const spansAfter = spansAfterChange(spans, result.coverageChange);
  const shown = shownSpanOf(spansAfter, day);
  const hra = hraOf(policy);
  const snapshot = result.snapshot;
  const figures: FinanceFigures = {
    policyId: policy.id,
    premiumAmountDueCents:
      shown && result.enrollment !== 'Cancelled' ? monthAmount(shown.span, hra, shown.month) : 0,
    currentAmountDueCents: snapshot.currentAmountDue,
    pastAmountDueCents: snapshot.pastAmountDue,
    subsidizedAmountCents: shown ? shown.span.aptc + shown.span.other : 0,
    hraAmountCents: shown ? hraDiscount(shown.span.premium, hra, shown.month) : 0,
    unallocatedAmountCents: snapshot.state.unallocated,
    paymentDueDate: snapshot.paymentDueDate,
    paidThroughDate: snapshot.state.paidThroughDate,
    status: snapshot.status,
    delinquent: snapshot.delinquent,
    gracePeriodStartDate: snapshot.gracePeriod?.start ?? null,
    gracePeriodEndDate: snapshot.gracePeriod?.end ?? null,
    pastDueMonths: [...snapshot.pastDueMonths],
    currentDueMonths: [...snapshot.currentDueMonths],
    announcedStatus: snapshot.status,
  };

  const changes: string[] = [];
  const base = { householdId: policy.householdId, policyId: policy.id };
  const documents: IssueDocumentInput[] = [];
  for (const invoice of result.invoices) {
    // A new enrolment's first month is billed by its binder notice (written with the enrolment).
    if (invoice.kind === 'binder') continue;
    const index = result.months.findIndex((billed) => billed.month === invoice.month);
    const span = spanOfMonth(spansAfter, invoice.month) ?? shown?.span;
    if (!span || index < 0) continue;
    const pastDueMonths = result.months.slice(snapshot.state.paidMonths, index).map((billed) => billed.month);
    documents.push({
      ...base,
      type: 'invoice',
      subtype: 'monthly',
      documentDate: invoice.invoiceDate,
      periodStart: invoice.month,
      periodEnd: endOfMonth(invoice.month),
      dueDate: invoice.dueDate,
      amountDueCents: invoice.amountDue,
      facts: {
        policyNumber: policy.policyNumber,
        premiumCents: span.premium,
        taxCreditCents: span.aptc,
        otherSubsidyCents: span.other,
        hraCents: hraDiscount(span.premium, hra, invoice.month),
        currentChargesCents: invoice.monthAmount,
        pastDueCents: invoice.pastDue,
        pastDueMonths,
        creditCents: invoice.credit,
      },
    });
    changes.push('invoice');
  }
  let reinstatement: PolicyDay['reinstatement'] = null;
  for (const transition of result.transitions) {
    documents.push(
      noticeOf(transition, {
        ...base,
        policyNumber: policy.policyNumber,
        planName: live[0]?.planName ?? '',
        day,
      }),
    );
    changes.push(transition.kind);
    if (transition.kind === 'terminated-for-non-payment') {
      const offer = transition.reinstatement;
      reinstatement = {
        policyId: policy.id,
        reinstatementStatus: offer.status,
        expirationDate: offer.expirationDate,
        amountDueCents: offer.amount,
        months: [...offer.months],
      };
    }
  }
  if (!reinstatement && result.enrollment === 'Terminated' && input.reinstatement) {
    reinstatement = keptReinstatement(input.reinstatement, policy, spans, payments, day, dueDateOf);
    if (reinstatement?.reinstatementStatus === 'NotEligible') changes.push('reinstatement-expired');
  }

  // A span whose first month is now paid (or free and begun) took effect (SPEC §3 Effectuated).
  const effectuate: PolicyDay['effectuate'] = [];
  for (const span of liveSpans(spansAfter)) {
    if (span.effectuatedDate !== null) continue;
    const firstMonth = result.months.findIndex((billed) => billed.month === monthStart(span.startDate));
    const paidOn = firstMonth >= 0 ? snapshot.state.paidOn[firstMonth] : undefined;
    if (paidOn !== undefined) effectuate.push({ spanId: span.id, date: paidOn });
  }

  const wanted = result.enrollment;
  const enrollmentStatus =
    result.coverageChange === null &&
    wanted !== policy.enrollmentStatus &&
    !(wanted === 'Active' && policy.enrollmentStatus === 'GracePeriod')
      ? wanted
      : null;
  if (enrollmentStatus !== null) changes.push(`enrollment-${enrollmentStatus.toLowerCase()}`);
  return { figures, day: result, documents, effectuate, enrollmentStatus, reinstatement, changes };
}

/** The spans as they are after a termination or cancellation (for what the figures show). */
function spansAfterChange(spans: readonly ClockSpanRow[], change: CoverageChange | null): ClockSpanRow[] {
  if (change === null) return [...spans];
  if (change.kind === 'cancel')
    return spans.map((span) => ({ ...span, cancelled: true, endDate: span.startDate }));
  return spans.map((span) => {
    if (span.cancelled) return span;
    if (compareCalendarDates(span.startDate, change.endDate) > 0)
      return { ...span, cancelled: true, endDate: span.startDate };
    if (span.endDate === null || compareCalendarDates(span.endDate, change.endDate) > 0)
      return { ...span, endDate: change.endDate };
    return span;
  });
}

function spanOfMonth(spans: readonly ClockSpanRow[], month: CalendarDate): ClockSpanRow | undefined {
  return liveSpans(spans).find(
    (span) =>
      compareCalendarDates(monthStart(span.startDate), month) <= 0 &&
      (span.endDate === null || compareCalendarDates(span.endDate, month) >= 0),
  );
}

/**
 * A terminated policy's reinstatement offer, kept current: what reinstating costs grows with each month
 * since the coverage ended (SPEC §3 amountDue; one ledger with the amounts due), and once it expires the
 * member may no longer ask (NotEligible). Null when nothing changed.
 */
function keptReinstatement(
  stored: ReinstatementRow,
  policy: ClockPolicyRow,
  spans: readonly ClockSpanRow[],
  payments: readonly LedgerPayment[],
  day: CalendarDate,
  dueDateOf: (month: CalendarDate) => CalendarDate,
): PolicyDay['reinstatement'] {
  if (stored.reinstatementStatus === 'NotEligible') return null;
  if (stored.expirationDate !== null && compareCalendarDates(day, stored.expirationDate) > 0)
    return {
      policyId: policy.id,
      reinstatementStatus: 'NotEligible',
      expirationDate: stored.expirationDate,
      amountDueCents: 0,
      months: [],
    };
  const continued = billedMonths(policy, spans, day, { carryOn: true }).months;
  const due = reinstatementDue(continued, allocatePayments(continued, payments, day), day, dueDateOf);
  if (due.amount === stored.amountDueCents && due.months.join() === stored.months.join()) return null;
  return {
    policyId: policy.id,
    reinstatementStatus: stored.reinstatementStatus,
    expirationDate: stored.expirationDate,
    amountDueCents: due.amount,
    months: [...due.months],
  };
}

/** The notice a transition sends: its subtype, the facts its PDF and notification show, the amount to pay. */
function noticeOf(
  transition: BillingTransition,
  context: {
    householdId: string | null;
    policyId: string;
    policyNumber: string;
    planName: string;
    day: CalendarDate;
  },
): IssueDocumentInput {
  const base = {
    householdId: context.householdId,
    policyId: context.policyId,
    type: 'notice' as const,
    subtype: TRANSITION_NOTICE[transition.kind],
    documentDate: context.day,
  };
  const policyNumber = context.policyNumber;
  switch (transition.kind) {
    case 'past-due':
    case 'grace-period-entered':
    case 'claims-pended': {
      const { grace } = transition;
      const dates = {
        gracePeriodStartDate: grace.start,
        gracePeriodEndDate: grace.end,
        terminationDate: grace.coverageEndsOn,
        ...(transition.kind === 'claims-pended' ? { claimsPendedFrom: transition.from } : {}),
      };
      return {
        ...base,
        amountDueCents: transition.amount,
        facts: {
          policyNumber,
          graceKind: grace.kind,
          months: [...transition.months],
          amountCents: transition.amount,
          ...dates,
        },
        eventValues: dates,
      };
    }
    case 'grace-period-ended':
      return {
        ...base,
        facts: { policyNumber, paidThroughDate: transition.paidThroughDate },
        ...(transition.paidThroughDate
          ? { eventValues: { paidThroughDate: transition.paidThroughDate } }
          : {}),
      };
    case 'terminated-for-non-payment': {
      const offer = transition.reinstatement;
      return {
        ...base,
        amountDueCents: offer.amount,
        facts: {
          policyNumber,
          reason: 'non-payment',
          terminationDate: transition.coverageEndsOn,
          pastDueCents: transition.amount,
          pastDueMonths: [...transition.months],
          reinstatementStatus: offer.status,
          reinstatementExpirationDate: offer.expirationDate,
          reinstatementMonths: [...offer.months],
        },
        eventValues: {
          reason: 'non-payment',
          terminationDate: transition.coverageEndsOn,
          reinstatementExpirationDate: offer.expirationDate,
        },
      };
    }
    case 'binder-cancelled':
      return {
        ...base,
        amountDueCents: null,
        facts: {
          policyNumber,
          reason: 'binder-not-paid',
          planName: context.planName,
          effectiveDate: transition.coverageStart,
          binderDeadline: transition.deadline,
          amountCents: transition.amount,
        },
        eventValues: { effectiveDate: transition.coverageStart },
      };
  }
}

import { addDays, addMonths, hraDiscount, monthsOwedBy, type CalendarDate, type Cents } from '@portal/domain';
import {
  dueDate,
  invoiceDate,
  monthEnd,
  monthStart,
  owedBy,
  type BilledMonth,
  type LedgerState,
  type SimulatedPayment,
} from './billing';
import { compareDates, instant, itemAt, yearOf } from './context';
import type { DocumentRef, PolicyHost, PolicyOutcome, PolicySpec } from './model';
import { ISSUER_ID, ISSUER_NAME } from './reference/plans';
import type { DocumentRow } from './rows';

/** A priced coverage span, before it is written. */
export interface SpanInfo {
  readonly id: string;
  readonly start: CalendarDate;
  readonly end: CalendarDate;
  readonly cancelled: boolean;
  readonly planId: string;
  readonly planName: string;
  readonly planType: 'HMO' | 'PPO' | 'EPO' | 'POS';
  readonly year: number;
  readonly slots: readonly number[];
  readonly premium: Cents;
  readonly aptc: Cents;
  readonly other: Cents;
  readonly csr: Cents;
  /** The benchmark (second-lowest-cost silver) premium for the same people: 1095-A column B. */
  readonly benchmark: Cents;
  effectuatedDate: CalendarDate | null;
}

/** Everything the payment and document writers need to know about a built policy. */
export interface PolicyFacts {
  readonly policyId: string;
  readonly policyNumber: string;
  readonly spec: PolicySpec;
  readonly spans: readonly SpanInfo[];
  readonly months: readonly BilledMonth[];
  readonly spanOfMonth: readonly SpanInfo[];
  readonly payments: readonly SimulatedPayment[];
  readonly enrollmentStatus: PolicyOutcome['enrollmentStatus'];
  readonly financeStatus: PolicyOutcome['financeStatus'];
  readonly grace: { readonly start: CalendarDate; readonly end: CalendarDate } | null;
  readonly firstStart: CalendarDate;
  readonly lastEnd: CalendarDate;
  readonly pastDue: Cents;
  /** The months `pastDue` is for. */
  readonly pastDueMonths: readonly CalendarDate[];
  readonly amountDue: Cents;
  readonly paidThroughDate: CalendarDate | null;
  /** For each paid month, the date it became fully paid (the final ledger). */
  readonly paidOn: readonly CalendarDate[];
  /** What the member owes for `month` (null when no live span covers it). */
  responsibilityOn(month: CalendarDate): Cents | null;
}

/** Notice subtypes (DOMAIN "Documents"); the web app translates them as `notice.<subtype>`. */
export const NOTICE_SUBTYPES = [
  'welcome',
  'renewal',
  'plan-change',
  'premium-change',
  'payment-failed',
  'grace-period',
  'termination',
  'cancellation',
  'binder-payment-due',
  'enrollment-reminder',
] as const;

type DocumentOutcome = Pick<PolicyOutcome, 'invoices' | 'notices' | 'taxForms'>;

/**
 * Invoices for the last six months and the next one once it is issued, the notices the policy's
 * history calls for, and last year's tax forms (DOMAIN "Documents").
 */
export function writePolicyDocuments(host: PolicyHost, facts: PolicyFacts): DocumentOutcome {
  const { ctx, rng } = host;
  const today = ctx.today;
  const { spec, months, spans } = facts;
  const live = spans.filter((span) => !span.cancelled);
  const base = { policyNumber: facts.policyNumber };

  // Notices older than about a year are archived out of the portal (and out of the demo's volume).
  const oldest = addMonths(today, -13);
  const add = (
    row: Omit<DocumentRow, 'id' | 'householdId' | 'policyId' | 'portal' | 'createdAt'>,
  ): DocumentRef | null => {
    if (compareDates(row.documentDate, today) >= 0) return null;
    if (row.type === 'notice' && compareDates(row.documentDate, oldest) < 0) return null;
    const id = rng.uuid();
    host.rows.documents.push({
      id,
      householdId: host.householdId,
      policyId: facts.policyId,
      portal: 'visible',
      createdAt: instant(row.documentDate, 11 * 60),
      ...row,
    });
    return { id, subtype: row.subtype, date: row.documentDate, amountDue: row.amountDueCents ?? null };
  };
  const notice = (
    subtype: (typeof NOTICE_SUBTYPES)[number],
    date: CalendarDate,
    extra: Record<string, unknown> = {},
    amountDue: Cents | null = null,
  ): DocumentRef | null =>
    add({
      type: 'notice',
      subtype,
      documentDate: date,
      periodStart: null,
      periodEnd: null,
      dueDate: null,
      amountDueCents: amountDue,
      taxYear: null,
      facts: { ...base, ...extra },
    });

  // Six monthly invoices: the last five months, this month and, once issued, next month's.
  const invoices: DocumentRef[] = [];
  const firstInvoiced = addMonths(monthStart(today), -4);
  const succeeded = facts.payments.filter((payment) => payment.status === 'Succeeded');
  for (let index = 0; index < months.length; index++) {
    const billed = itemAt(months, index);
    if (compareDates(billed.month, firstInvoiced) < 0) continue;
    // A policy waiting for its binder payment is billed its first month by the binder invoice alone.
    if (facts.financeStatus === 'Binder' && compareDates(billed.month, facts.firstStart) <= 0) continue;
    const issued = invoiceDate(billed.month);
    const asOf = ledgerAsOf(facts, succeeded, issued);
    const span = itemAt(facts.spanOfMonth, index);
    // What was past due when the invoice went out, and for which months (the PDF names them).
    const pastDue = monthsOwedBy(months, asOf, addDays(dueDate(billed.month), -1), dueDate);
    const ref = add({
      type: 'invoice',
      subtype: 'monthly',
      documentDate: issued,
      periodStart: billed.month,
      periodEnd: monthEnd(billed.month),
      dueDate: dueDate(billed.month),
      amountDueCents: owedBy(months, asOf, dueDate(billed.month)),
      taxYear: null,
      // The policy and plan are the document's policy's: only the amounts are kept here.
      facts: {
        premiumCents: span.premium,
        taxCreditCents: span.aptc,
        otherSubsidyCents: span.other,
        hraCents: hraDiscount(span.premium, spec.hra, billed.month),
        currentChargesCents: billed.amount,
        pastDueCents: Math.max(0, pastDue.reduce((sum, owed) => sum + owed.amount, 0) - asOf.unallocated),
        pastDueMonths: pastDue.map((owed) => owed.month),
        creditCents: asOf.unallocated,
      },
    });
    if (ref) invoices.push(ref);
  }

  const notices: DocumentRef[] = [];
  const keep = (ref: DocumentRef | null): void => {
    if (ref) notices.push(ref);
  };
  const first = live[0] ?? itemAt(spans, 0);
  keep(
    notice('welcome', addDays(facts.firstStart, -rng.int(15, 25)), {
      planName: first.planName,
      effectiveDate: facts.firstStart,
    }),
  );
  live.forEach((span, index) => {
    if (index === 0) return;
    const previous = itemAt(live, index - 1);
    if (span.start.endsWith('-01-01')) {
      // Renewal notices go out before open enrolment (1 November), to members covered by then: someone
      // who enrolled after that learns of next year's coverage from the welcome notice.
      if (compareDates(`${span.year - 1}-10-15`, facts.firstStart) < 0) return;
      keep(
        notice('renewal', `${span.year - 1}-10-15`, {
          planName: span.planName,
          effectiveDate: span.start,
          premiumCents: span.premium,
          taxCreditCents: span.aptc,
        }),
      );
    } else if (span.planId !== previous.planId) {
      keep(
        notice('plan-change', addDays(span.start, -12), {
          planName: span.planName,
          previousPlanName: previous.planName,
          effectiveDate: span.start,
        }),
      );
    } else {
      keep(
        notice('premium-change', addDays(span.start, -12), {
          effectiveDate: span.start,
          premiumCents: span.premium,
          taxCreditCents: span.aptc,
        }),
      );
    }
  });
  for (const payment of facts.payments) {
    if (payment.status === 'Failed')
      keep(
        notice(
          'payment-failed',
          addDays(payment.date, 1),
          { amountCents: payment.amount, paymentDate: payment.date },
          payment.amount,
        ),
      );
  }
  if (facts.grace) {
    // 45 CFR 156.270(d): the issuer notifies a member who enters the grace period.
    keep(
      notice(
        'grace-period',
        addDays(facts.grace.start, 4),
        {
          gracePeriodStartDate: facts.grace.start,
          gracePeriodEndDate: facts.grace.end,
          months: [...facts.pastDueMonths],
        },
        facts.pastDue,
      ),
    );
  }
  if (facts.enrollmentStatus === 'Terminated') {
    const date =
      spec.termination?.reason === 'non-payment' && facts.grace
        ? addDays(facts.grace.end, 3)
        : addDays(facts.lastEnd, -14);
    keep(
      notice(
        'termination',
        date,
        {
          reason: spec.termination?.reason ?? 'voluntary',
          terminationDate: facts.lastEnd,
          reinstatementStatus: spec.termination?.reinstatement?.status ?? null,
        },
        facts.pastDue || null,
      ),
    );
  }
  if (facts.enrollmentStatus === 'Cancelled')
    keep(
      notice('cancellation', addDays(first.start, 5), {
        planName: first.planName,
        effectiveDate: first.start,
      }),
    );
  if (facts.financeStatus === 'Binder') {
    // No grace period for a binder (DOMAIN "Effectuation"): the first premium is due by the start.
    const issued = addDays(today, -rng.int(1, 4));
    const ref = add({
      type: 'invoice',
      subtype: 'binder',
      documentDate: issued,
      periodStart: facts.firstStart,
      periodEnd: monthEnd(facts.firstStart),
      dueDate: dueDate(facts.firstStart),
      amountDueCents: facts.amountDue,
      taxYear: null,
      facts: {
        ...base,
        planName: first.planName,
        premiumCents: first.premium,
        taxCreditCents: first.aptc,
        otherSubsidyCents: first.other,
        currentChargesCents: facts.amountDue,
      },
    });
    if (ref) invoices.push(ref);
    keep(
      notice(
        'binder-payment-due',
        issued,
        { planName: first.planName, effectiveDate: facts.firstStart, dueDate: dueDate(facts.firstStart) },
        facts.amountDue,
      ),
    );
  }

  return { invoices, notices, taxForms: writeTaxForms(host, facts, add) };
}

/**
 * The ledger as it stood on `asOf`. Payments are allocated to months in order, so the allocation on
 * a past day is the final allocation cut at that day: the months paid by then, and the money paid
 * by then that no whole month has taken yet.
 */
function ledgerAsOf(
  facts: PolicyFacts,
  succeeded: readonly SimulatedPayment[],
  asOf: CalendarDate,
): LedgerState {
  let paidMonths = 0;
  let allocated = 0;
  while (paidMonths < facts.paidOn.length && compareDates(itemAt(facts.paidOn, paidMonths), asOf) <= 0) {
    allocated += itemAt(facts.months, paidMonths).amount;
    paidMonths++;
  }
  let paid = 0;
  for (const payment of succeeded) if (compareDates(payment.date, asOf) <= 0) paid += payment.amount;
  return { paidMonths, paidThroughDate: null, unallocated: paid - allocated, paidOn: facts.paidOn };
}

/**
 * Last year's tax forms, once they are due to members: the exchange's 1095-A (a copy) for
 * on-exchange coverage, the issuer's 1095-B otherwise, and the Massachusetts 1099-HC that proves
 * minimum creditable coverage to the state. Medical coverage only.
 */
function writeTaxForms(
  host: PolicyHost,
  facts: PolicyFacts,
  add: (
    row: Omit<DocumentRow, 'id' | 'householdId' | 'policyId' | 'portal' | 'createdAt'>,
  ) => DocumentRef | null,
): DocumentRef[] {
  if (facts.spec.line !== 'Medical') return [];
  const taxYear = yearOf(host.ctx.today) - 1;
  const live = facts.spans.filter((span) => !span.cancelled && span.year === taxYear);
  if (live.length === 0) return [];
  const monthly = Array.from({ length: 12 }, (_, index) => {
    const month = `${taxYear}-${String(index + 1).padStart(2, '0')}-01`;
    const span = live.find(
      (candidate) => compareDates(candidate.start, month) <= 0 && compareDates(candidate.end, month) >= 0,
    );
    return { month: index + 1, span };
  });
  const covered = monthly.filter((entry) => entry.span).map((entry) => entry.month);
  const subscriber = host.member(facts.spec.subscriberSlot);
  const people = [...new Set(live.flatMap((span) => span.slots))].map((slot) => host.member(slot));
  const recipient = `${subscriber.firstName} ${subscriber.lastName}`;
  const form = (
    subtype: string,
    documentDate: CalendarDate,
    details: Record<string, unknown>,
  ): DocumentRef | null =>
    add({
      type: 'tax',
      subtype,
      documentDate,
      periodStart: `${taxYear}-01-01`,
      periodEnd: `${taxYear}-12-31`,
      dueDate: null,
      amountDueCents: null,
      taxYear,
      facts: {
        policyNumber: facts.policyNumber,
        recipient,
        issuerName: ISSUER_NAME,
        hiosIssuerId: ISSUER_ID,
        ...details,
      },
    });
  const refs: (DocumentRef | null)[] = [];
  if (facts.spec.onExchange) {
    refs.push(
      form('1095-A', `${taxYear + 1}-01-31`, {
        marketplaceIdentifier: subscriber.exchangeMemberId,
        coveredIndividuals: people.map((person) => ({
          name: `${person.firstName} ${person.lastName}`,
          dob: person.dob,
        })),
        months: monthly.map(({ month, span }) => ({
          month,
          premiumCents: span?.premium ?? 0,
          benchmarkPremiumCents: span?.benchmark ?? 0,
          advancePaymentCents: span?.aptc ?? 0,
        })),
      }),
    );
  } else {
    refs.push(
      form('1095-B', `${taxYear + 1}-02-27`, {
        // Form 1095-B origin-of-coverage codes: B employer-sponsored, D individual market.
        originOfCoverage: facts.spec.market === 'Group' ? 'B' : 'D',
        coveredIndividuals: people.map((person) => ({
          name: `${person.firstName} ${person.lastName}`,
          dob: person.dob,
          months: covered,
        })),
      }),
    );
  }
  refs.push(
    form('MA-1099-HC', `${taxYear + 1}-01-31`, {
      coveredMonths: covered,
      subscriberFolderId: subscriber.folderId,
    }),
  );
  return refs.filter((ref): ref is DocumentRef => ref !== null);
}

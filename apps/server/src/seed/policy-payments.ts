import { addDays, addMonths, type CalendarDate, type Cents } from '@portal/domain';
import { monthStart } from './billing';
import { compareDates, instant } from './context';
import { householdCode } from './ids';
import type { PolicyHost, PolicyOutcome } from './model';
import type { PolicyFacts } from './policy-documents';

type PaymentOutcome = Pick<PolicyOutcome, 'lastPayment' | 'failedPayment' | 'scheduled' | 'autopayStart'>;

/**
 * The payment history, the autopay subscription and the scheduled payments of one policy, from
 * the simulated ledger. Members who schedule their payments have their recent payments recorded
 * as paid scheduled payments, and up to three pending ones (SPEC §9 maxScheduledPaymentsAllowed).
 */
export function writePolicyPayments(host: PolicyHost, facts: PolicyFacts): PaymentOutcome {
  const { rng, rows, ctx } = host;
  const { spec, payments } = facts;
  const today = ctx.today;
  const scheduling = (spec.scheduledAhead ?? 0) > 0;
  const succeeded = payments.filter((payment) => payment.status === 'Succeeded');
  const recentScheduled = new Set(scheduling ? succeeded.filter((p) => p.source === 'Portal').slice(-2) : []);

  let lastPayment: PaymentOutcome['lastPayment'] = null;
  let failedPayment: PaymentOutcome['failedPayment'] = null;
  for (const payment of payments) {
    const instrument = host.instrument(payment.method);
    const id = rng.uuid();
    const source = recentScheduled.has(payment) ? 'Scheduled' : payment.source;
    rows.payments.push({
      id,
      policyId: facts.policyId,
      amountCents: payment.amount,
      transactionDate: payment.date,
      transactionId: `txn_demo_${householdCode(host.number)}${rng.token(12)}`,
      transactionStatus: payment.status,
      paymentMethod: payment.method,
      methodLastDigits: instrument.lastDigits,
      methodBrand: instrument.brand,
      paymentSource: source,
      failureReason: payment.failureReason ?? null,
      createdAt: instant(payment.date, rng.int(13 * 60, 22 * 60)),
    });
    if (source === 'Scheduled') {
      const created = addDays(payment.date, -rng.int(5, 20));
      rows.scheduledPayments.push({
        policyId: facts.policyId,
        paymentAmountCents: payment.amount,
        paymentDate: payment.date,
        paymentMethod: payment.method,
        paymentToken: instrument.token,
        description: null,
        status: 'Paid',
        paymentId: id,
        createdAt: instant(created, 15 * 60),
        modifiedAt: instant(payment.date, 12 * 60),
      });
    }
    if (payment.status === 'Succeeded') lastPayment = { date: payment.date, amount: payment.amount };
    else failedPayment = { date: payment.date, amount: payment.amount };
  }

  // Pending scheduled payments for the months after the paid-through date.
  const scheduled: { date: CalendarDate; amount: Cents }[] = [];
  const live = facts.enrollmentStatus === 'Active' || facts.enrollmentStatus === 'Pending';
  if (scheduling && live && spec.payment.profile.kind !== 'none') {
    const method = spec.payment.profile.method;
    const instrument = host.instrument(method);
    let month = facts.paidThroughDate ? addDays(facts.paidThroughDate, 1) : facts.firstStart;
    for (let count = 0; count < Math.min(3, spec.scheduledAhead ?? 0); count++, month = addMonths(month, 1)) {
      const amount = facts.responsibilityOn(month);
      if (amount === null || amount === 0) break;
      let date = addDays(monthStart(month), -rng.int(2, 6));
      if (compareDates(date, today) <= 0) date = addDays(today, rng.int(1, 5));
      scheduled.push({ date, amount });
      rows.scheduledPayments.push({
        policyId: facts.policyId,
        paymentAmountCents: amount,
        paymentDate: date,
        paymentMethod: method,
        paymentToken: instrument.token,
        description: null,
        status: 'Scheduled',
        paymentId: null,
        createdAt: instant(addDays(today, -rng.int(1, 12)), 16 * 60),
        modifiedAt: instant(addDays(today, -1), 16 * 60),
      });
    }
  }

  // DOMAIN "Money": autopay charges the amount due on a run day each month from a wallet token.
  let autopayStart: CalendarDate | null = null;
  const profile = spec.payment.profile;
  if (profile.kind === 'autopay' && spec.autopay !== false) {
    const runs = payments.filter((payment) => payment.source === 'Autopay');
    const binder = payments.find((payment) => payment.source === 'Binder');
    autopayStart = binder ? addDays(binder.date, 1) : addDays(today, -rng.int(3, 20));
    const ended = facts.enrollmentStatus === 'Terminated' || facts.enrollmentStatus === 'Cancelled';
    rows.autopaySubscriptions.push({
      policyId: facts.policyId,
      name: `Autopay ${facts.policyNumber}`,
      description: null,
      amountType: 'AmountDue',
      amountCents: null,
      paymentMethod: profile.method,
      paymentToken: host.instrument(profile.method).token,
      runDay: profile.runDay,
      state: ended ? 'Cancelled' : 'Active',
      startDate: autopayStart,
      endDate: ended ? facts.lastEnd : null,
      lastProcessed: runs.at(-1)?.date ?? null,
      createdAt: instant(autopayStart, 15 * 60),
      modifiedAt: instant(runs.at(-1)?.date ?? autopayStart, 15 * 60),
    });
  }
  return { lastPayment, failedPayment, scheduled, autopayStart };
}

import type { ReinstatementOffer, ReinstatementOutcome } from '@portal/contracts';
import {
  addDays,
  compareCalendarDates,
  coverageEndOf,
  endOfMonth,
  needsReview,
  reinstatedSpans,
  reinstatementRefusal,
  type CalendarDate,
  type Cents,
  type PaymentDueDayRule,
  type ReinstatementDue,
  type ReinstatementRefusal,
} from '@portal/domain';
import type { Principal } from '../../auth/principal';
import { readTogether, type Executor, type Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { ruleViolation } from '../../plugins/command';
import { issueDocument } from '../document/service';
import { postToFinance, reinstatementDueNow } from '../finance/service';
import { moveServiceRequest, submitServiceRequest } from '../service-request/service';
import {
  householdLanguageOf,
  lockReinstatement,
  markReinstatementUsed,
  memberSpansOf,
  openReinstatementRequests,
  paymentStatusOf,
  policyForReinstatement,
  policySpans,
  reinstatementRequestPaidBy,
  terminationNoticeReason,
  type ReinstatementPolicy,
} from './repository';
import { texts } from '../../i18n';
import { restoreMemberSpans } from '../member/service';
import { restoreCoverageSpans, setEnrollmentStatus } from '../policy/service';

/**
 * Reinstatement (issue 11; SPEC §2 /admin/policy-selection/span-selection/reactivate-plan, §3
 * Reinstatement eligibility; rules in packages/domain reinstatement.ts): a policy the billing clock
 * terminated for non-payment is restored when the member pays every month owed as if it had not ended.
 *
 * The payment path carries it: `POST /api/v1/Payment` with `purpose: reinstatement` checks the offer
 * ({@link checkReinstatementPayment}) before anything is charged, then, in the payment's transaction,
 * records a `reinstatement` service request ({@link requestReinstatement}). An Eligible policy paid in full
 * is reinstated in that transaction and the request completes; a Manual one waits for staff; a bank
 * payment waits until it clears, and the processor's webhook finishes it ({@link reinstatementPaymentSettled})
 * or, returned, rejects it ({@link reinstatementPaymentReturned}).
 */

export interface ReinstatementContext {
  today: CalendarDate;
  dueRule: PaymentDueDayRule;
}

interface ReinstatementCaseOf {
  policy: ReinstatementPolicy;
  spans: Awaited<ReturnType<typeof policySpans>>;
  open: Awaited<ReturnType<typeof openReinstatementRequests>>;
  refusal: ReinstatementRefusal | null;
  coverageEndedOn: CalendarDate | null;
  /** The amount and months reinstating takes today (only while an offer stands). */
  due: ReinstatementDue | null;
}

/** Everything the rules and the page need to know about one policy's reinstatement today. */
async function reinstatementCase(
  db: Executor,
  policyId: string,
  context: ReinstatementContext,
): Promise<ReinstatementCaseOf | null> {
  const policy = await policyForReinstatement(db, policyId);
  if (!policy) return null;
  const [spans, open] = await readTogether(db, [
    () => policySpans(db, policyId),
    () => openReinstatementRequests(db, policyId),
  ]);
  const terminated = policy.enrollmentStatus === 'Terminated';
  const status = policy.reinstatementStatus ?? null;
  const refusal = reinstatementRefusal(
    {
      enrollmentStatus: policy.enrollmentStatus,
      status,
      expirationDate: policy.expirationDate ?? null,
      openRequest: open.length > 0,
    },
    context.today,
  );
  const offered = terminated && (status === 'Eligible' || status === 'Manual');
  const due = offered ? await reinstatementDueNow(db, policyId, context.today, context.dueRule) : null;
  return { policy, spans, open, refusal, coverageEndedOn: terminated ? coverageEndOf(spans) : null, due };
}

/** The day the restored coverage would run through (its plan year's end; packages/domain `reinstatedSpans`). */
function restoredThroughOf(spans: ReinstatementCaseOf['spans'], ended: CalendarDate): CalendarDate {
  return reinstatedSpans(spans, ended).reduce<CalendarDate>(
    (latest, change) => (compareCalendarDates(change.endDate, latest) > 0 ? change.endDate : latest),
    ended,
  );
}

async function reasonOf(
  db: Executor,
  found: ReinstatementCaseOf,
): Promise<ReinstatementOffer['terminationReason']> {
  if (found.policy.enrollmentStatus !== 'Terminated') return null;
  const noticed = await terminationNoticeReason(db, found.policy.id);
  if (noticed === 'non-payment' || noticed === 'voluntary') return noticed;
  // The billing clock offers reinstatement only after a termination for non-payment, and leaves its grace period on the finance.
  const status = found.policy.reinstatementStatus;
  if (found.policy.gracePeriodStartDate !== null || status === 'Eligible' || status === 'Manual')
    return 'non-payment';
  return 'other';
}

/** A request waits for its bank payment while that payment is Pending; otherwise for staff. */
async function openRequestOf(
  db: Executor,
  open: ReinstatementCaseOf['open'],
): Promise<ReinstatementOffer['openRequest']> {
  const [request] = open;
  if (!request) return null;
  const transactionId =
    typeof request.details?.transactionId === 'string' ? request.details.transactionId : null;
  const paymentStatus = transactionId ? await paymentStatusOf(db, transactionId) : undefined;
  return {
    id: request.id,
    referenceNumber: request.referenceNumber,
    status: request.status,
    waitingFor: paymentStatus === 'Pending' ? 'payment' : 'review',
  };
}

/** `GET /api/v1/Policy/{policyId}/reinstatement`: the offer as it stands today, or why there is none. */
export async function reinstatementOffer(
  db: Executor,
  policyId: string,
  context: ReinstatementContext,
): Promise<ReinstatementOffer | null> {
  const found = await reinstatementCase(db, policyId, context);
  if (!found) return null;
  const { policy, spans, due, coverageEndedOn } = found;
  const live = spans.filter((span) => !span.cancelled);
  const pastDue = new Set(policy.pastDueMonths ?? []);
  const months = due?.months ?? [];
  return {
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    planName: (live.at(-1) ?? spans.at(-1))?.planName ?? null,
    lineOfCoverage: policy.lineOfCoverage,
    reinstatementStatus: policy.reinstatementStatus ?? null,
    refusal: found.refusal,
    coverageEndedOn,
    terminationReason: await reasonOf(db, found),
    amountDueCents: due?.amount ?? 0,
    months: [...months],
    pastDueMonths: months.filter((month) => pastDue.has(month)),
    expirationDate: policy.expirationDate ?? null,
    restoredThrough: coverageEndedOn ? restoredThroughOf(spans, coverageEndedOn) : null,
    openRequest: await openRequestOf(db, found.open),
  };
}

/** A reinstatement the payment may pay for: checked before anything is charged. */
export interface AcceptedReinstatement {
  policyId: string;
  householdId: string;
  policyNumber: string;
  status: 'Eligible' | 'Manual';
  amountCents: Cents;
  months: readonly CalendarDate[];
  coverageEndedOn: CalendarDate;
}

const REFUSAL_REASON: Record<ReinstatementRefusal, string> = {
  'not-terminated': 'The policy is not terminated: there is nothing to reinstate.',
  'reinstatement-requested': 'A request to reinstate this policy is already waiting.',
  'reinstatement-expired': 'The last day to ask for reinstatement has passed.',
  'reinstatement-not-eligible': 'This policy cannot be reinstated online.',
};

/**
 * The rules a reinstatement payment meets before anything is charged (SPEC §3 Reinstatement eligibility):
 * a terminated policy offered reinstatement (Eligible or Manual), before its expiration date, with no
 * request already waiting, and exactly the whole amount due today. Refusals are coded field errors.
 */
export async function checkReinstatementPayment(
  db: Executor,
  policyId: string,
  amountCents: Cents,
  context: ReinstatementContext,
): Promise<AcceptedReinstatement> {
  const found = await reinstatementCase(db, policyId, context);
  if (!found)
    throw ruleViolation(
      'body.id',
      'reinstatement-not-eligible',
      REFUSAL_REASON['reinstatement-not-eligible'],
    );
  const { policy, due, coverageEndedOn } = found;
  if (found.refusal) {
    const params =
      found.refusal === 'reinstatement-expired' && policy.expirationDate
        ? { expirationDate: policy.expirationDate }
        : undefined;
    throw ruleViolation('body.id', found.refusal, REFUSAL_REASON[found.refusal], params);
  }
  const status = policy.reinstatementStatus;
  // A service request belongs to a household: a policy held outside one is reinstated by phone.
  if (
    policy.householdId === null ||
    !due ||
    coverageEndedOn === null ||
    (status !== 'Eligible' && status !== 'Manual')
  )
    throw ruleViolation(
      'body.id',
      'reinstatement-not-eligible',
      REFUSAL_REASON['reinstatement-not-eligible'],
    );
  if (amountCents !== due.amount) {
    throw ruleViolation(
      'body.paymentDetails.paymentAmount',
      'amount-not-reinstatement-due',
      'A reinstatement pays the whole amount due, no more and no less.',
      { amount: due.amount / 100 },
    );
  }
  return {
    policyId,
    householdId: policy.householdId,
    policyNumber: policy.policyNumber,
    status,
    amountCents: due.amount,
    months: due.months,
    coverageEndedOn,
  };
}

export interface Reinstated {
  /** The day the restored coverage runs through. */
  coveredThrough: CalendarDate;
  paidThroughDate: CalendarDate | null;
  events: OutboxEventInput[];
}

/**
 * Reinstates a terminated policy in the caller's transaction: its coverage restored as if it had not
 * ended (packages/domain `reinstatedSpans`, members' spans alike), the enrolment Active again, the offer
 * used (NotEligible), the finance recomputed from the ledger (finance/service.ts `postToFinance`), and a
 * notice to the member. Also what staff approving a Manual request call (issue 13).
 */
export async function reinstatePolicy(
  tx: Transaction,
  policyId: string,
  context: ReinstatementContext,
  paid?: { amountCents: Cents; months: readonly CalendarDate[] },
): Promise<Reinstated> {
  const policy = await policyForReinstatement(tx, policyId);
  const spans = await policySpans(tx, policyId);
  const ended = coverageEndOf(spans);
  if (!policy || ended === null) throw new Error('reinstatePolicy: the policy has no ended coverage');
  const changes = reinstatedSpans(spans, ended);
  await restoreCoverageSpans(tx, changes);
  await restoreMemberSpans(tx, reinstatedSpans(await memberSpansOf(tx, policyId), ended));
  const coveredThrough = restoredThroughOf(spans, ended);
  // Coverage restored only for months already past (a plan year that ended meanwhile) stays ended today.
  await setEnrollmentStatus(
    tx,
    policyId,
    compareCalendarDates(coveredThrough, context.today) >= 0 ? 'Active' : 'Terminated',
  );
  await markReinstatementUsed(tx, policyId);
  const posted = await postToFinance(tx, policyId, context.today, context.dueRule, { reinstated: true });
  const paidThroughDate = posted?.snapshot.state.paidThroughDate ?? null;
  const notice = await issueDocument(tx, {
    householdId: policy.householdId,
    policyId,
    type: 'notice',
    subtype: 'reinstatement',
    documentDate: context.today,
    facts: {
      policyNumber: policy.policyNumber,
      planName: spans.filter((span) => !span.cancelled).at(-1)?.planName ?? null,
      terminationDate: ended,
      coveredThroughDate: coveredThrough,
      paidThroughDate,
      dueDate: posted?.snapshot.paymentDueDate ?? null,
      ...(paid ? { amountCents: paid.amountCents, months: [...paid.months] } : {}),
    },
    eventValues: { coveredThroughDate: coveredThrough },
  });
  return { coveredThrough, paidThroughDate, events: [notice.event] };
}

export interface ReinstatementPayment {
  transactionId: string;
  amountCents: Cents;
  /** A bank payment is Pending until it clears; a card payment has Succeeded. */
  status: 'Succeeded' | 'Pending';
}

export type RequestedReinstatement =
  | {
      ok: true;
      outcome: ReinstatementOutcome;
      paidThroughDate: CalendarDate | null;
      events: OutboxEventInput[];
    }
  | { ok: false; refusal: ReinstatementRefusal };

/**
 * The `reinstatement` service request of a payment just recorded, in the payment's transaction. The offer
 * is checked again under its row lock: a request that another tab (another Idempotency-Key) made meanwhile
 * wins, and this one answers why it cannot (the payment stays recorded: money received is never lost).
 */
export async function requestReinstatement(
  tx: Transaction,
  input: {
    accepted: AcceptedReinstatement;
    payment: ReinstatementPayment;
    requestedBy: Principal;
    context: ReinstatementContext;
  },
): Promise<RequestedReinstatement> {
  const { accepted, payment, context } = input;
  await lockReinstatement(tx, accepted.policyId);
  const now = await reinstatementCase(tx, accepted.policyId, context);
  if (!now || now.refusal) return { ok: false, refusal: now?.refusal ?? 'reinstatement-not-eligible' };
  let reinstated: Reinstated | null = null;
  const last = accepted.months.at(-1);
  const { request, events } = await submitServiceRequest(tx, {
    type: 'reinstatement',
    householdId: accepted.householdId,
    policyId: accepted.policyId,
    policyNumber: accepted.policyNumber,
    details: {
      eligibility: accepted.status === 'Eligible' ? 'eligible' : 'manual',
      coverageEndedOn: accepted.coverageEndedOn,
      amountCents: payment.amountCents,
      ...(accepted.months[0] && last ? { coveredFrom: accepted.months[0], coveredTo: endOfMonth(last) } : {}),
      transactionId: payment.transactionId,
    },
    // Coverage resumes the day after it ended: there is no gap.
    effectiveDate: addDays(accepted.coverageEndedOn, 1),
    requestedBy: input.requestedBy,
    review: {
      reinstatement: { reinstatementStatus: accepted.status, amountDuePaid: payment.status === 'Succeeded' },
    },
    apply: async (inner) => {
      reinstated = await reinstatePolicy(inner, accepted.policyId, context, {
        amountCents: payment.amountCents,
        months: accepted.months,
      });
    },
  });
  const done = reinstated as Reinstated | null;
  return {
    ok: true,
    outcome: {
      serviceRequestId: request.id,
      referenceNumber: request.referenceNumber,
      status: request.status,
      outcome: done
        ? 'reinstated'
        : payment.status === 'Pending' && accepted.status === 'Eligible'
          ? 'awaiting-payment'
          : 'in-review',
      coveredThrough: done?.coveredThrough ?? null,
    },
    paidThroughDate: done?.paidThroughDate ?? null,
    events: [...events, ...(done?.events ?? [])],
  };
}

/** A retried payment that found its charge already recorded: the request it made then, as an outcome. */
export async function outcomeOfPayment(
  db: Executor,
  transactionId: string,
): Promise<ReinstatementOutcome | null> {
  const request = await reinstatementRequestPaidBy(db, transactionId);
  if (!request) return null;
  const paymentStatus = await paymentStatusOf(db, transactionId);
  const done = request.status === 'Completed';
  return {
    serviceRequestId: request.id,
    referenceNumber: request.referenceNumber,
    status: request.status,
    outcome: done
      ? 'reinstated'
      : paymentStatus === 'Pending' && request.details?.eligibility === 'eligible'
        ? 'awaiting-payment'
        : 'in-review',
    coveredThrough: null,
  };
}

/**
 * The processor's webhook said a bank payment cleared (payment/settlement.ts, after it was applied): the
 * Eligible reinstatement request waiting for it now needs no review (packages/domain `needsReview`), so
 * the policy is reinstated and the request completes, in the webhook's transaction. A Manual one stays
 * with staff.
 */
export async function reinstatementPaymentSettled(
  tx: Transaction,
  transactionId: string,
  context: ReinstatementContext,
): Promise<{ events: OutboxEventInput[]; paidThroughDate: CalendarDate | null } | null> {
  const request = await reinstatementRequestPaidBy(tx, transactionId);
  if (request?.status !== 'Submitted' || !request.policyId) return null;
  const details = request.details ?? {};
  const status = details.eligibility === 'eligible' ? 'Eligible' : 'Manual';
  if (needsReview('reinstatement', { reinstatement: { reinstatementStatus: status, amountDuePaid: true } }))
    return null;
  await lockReinstatement(tx, request.policyId);
  const policy = await policyForReinstatement(tx, request.policyId);
  // Asked for in time: the request stands even if the offer's date has passed while the bank took its days.
  if (policy?.enrollmentStatus !== 'Terminated') return null;
  const amountCents = typeof details.amountCents === 'number' ? details.amountCents : undefined;
  const reinstated = await reinstatePolicy(
    tx,
    request.policyId,
    context,
    amountCents === undefined ? undefined : { amountCents, months: monthsOf(details) },
  );
  const moved = await moveServiceRequest(tx, request.id, {
    to: 'Completed',
    actor: 'system',
    version: request.version,
  });
  return { events: [...moved.events, ...reinstated.events], paidThroughDate: reinstated.paidThroughDate };
}

function monthsOf(details: Record<string, unknown>): CalendarDate[] {
  const from = typeof details.coveredFrom === 'string' ? details.coveredFrom : null;
  const to = typeof details.coveredTo === 'string' ? details.coveredTo : null;
  if (!from || !to) return [];
  const months: CalendarDate[] = [];
  for (let month = from; compareCalendarDates(month, to) <= 0; month = addDays(endOfMonth(month), 1))
    months.push(month);
  return months;
}

/** The bank returned the payment a reinstatement request waits for: the request is rejected, with why. */
export async function reinstatementPaymentReturned(
  tx: Transaction,
  transactionId: string,
): Promise<OutboxEventInput[]> {
  const request = await reinstatementRequestPaidBy(tx, transactionId);
  if (!request || (request.status !== 'Submitted' && request.status !== 'InReview')) return [];
  const language = await householdLanguageOf(tx, request.householdId);
  return (
    await moveServiceRequest(tx, request.id, {
      to: 'Rejected',
      actor: 'system',
      version: request.version,
      // What the member reads on the request (the portal's own note).
      note: texts(language).reinstatement.returnedNote,
    })
  ).events;
}

/**
 * Staff approved a Manual reinstatement request (issue 13; docs/decisions/030): coverage is restored only
 * once the amount due is paid — the request's payment has succeeded (a bank payment still Pending, or one
 * returned, is refused with 422 `reinstatement-not-paid`) — and only while the coverage is still ended.
 */
export async function reinstateApprovedRequest(
  tx: Transaction,
  input: {
    policyId: string;
    transactionId: string | null;
    amountCents: number | null;
    context: ReinstatementContext;
  },
): Promise<Reinstated> {
  const status = input.transactionId ? await paymentStatusOf(tx, input.transactionId) : undefined;
  if (status !== 'Succeeded')
    throw ruleViolation(
      'params.id',
      'reinstatement-not-paid',
      'The amount due has not been paid (the payment is pending, returned or missing).',
      { paymentStatus: status ?? 'none' },
    );
  await lockReinstatement(tx, input.policyId);
  const policy = await policyForReinstatement(tx, input.policyId);
  if (
    !policy ||
    policy.enrollmentStatus !== 'Terminated' ||
    coverageEndOf(await policySpans(tx, input.policyId)) === null
  )
    throw ruleViolation(
      'params.id',
      'reinstatement-not-eligible',
      'The coverage is not ended any more: nothing to reinstate.',
    );
  return reinstatePolicy(
    tx,
    input.policyId,
    input.context,
    input.amountCents !== null ? { amountCents: input.amountCents, months: [] } : undefined,
  );
}

/** The status of a reinstatement request's payment (the queue's comparison: restored only once it succeeded). */
export const reinstatementPaymentStatus = async (
  db: Executor,
  transactionId: string | null,
): Promise<string | null> => (transactionId ? ((await paymentStatusOf(db, transactionId)) ?? null) : null);

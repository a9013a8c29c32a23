import type { FastifyRequest } from 'fastify';
import {
  ProblemType,
  fromUsDate,
  type MakePaymentRequest,
  type MakePaymentResponse,
  type MakePaymentScheduledResponse,
  type Receipt,
} from '@portal/contracts';
import { amountCents, dueDayRule, paymentAmountForProcessor, toWireAmount, type Cents } from '@portal/domain';
import { authorizePolicy, type PolicyRef } from '../../auth/access';
import { actionsOf, requireAction } from '../../auth/actions';
import type { Principal } from '../../auth/principal';
import type { Executor, Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { runCommand, ruleViolation } from '../../plugins/command';
import { HttpProblem } from '../../plugins/errors';
import { processorProblem } from './processor-problem';
import { processorKeyFor } from '../../plugins/idempotency';
import { ownsToken } from '../../processor/owner';
import { type ChargeResult, type DeclineCode, type TokenDescription } from '../../processor/port';
import { postToFinance } from '../finance/service';
import {
  checkReinstatementPayment,
  outcomeOfPayment,
  requestReinstatement,
  type AcceptedReinstatement,
  type ReinstatementContext,
} from '../reinstatement/service';
import { isPaymentForLater, schedulePaymentForLater } from '../scheduled-payment/service';
import { savedPaymentMethod, saveToWallet } from '../wallet/service';
import {
  insertPayment,
  paymentByTransactionId,
  policyForPayment,
  updatePayment,
  type PaymentRow,
} from './repository';
import { receiptOf } from './receipt';

type Body = Omit<MakePaymentRequest, 'paymentDetails'> & {
  paymentDetails: MakePaymentRequest['paymentDetails'] & { saveToWallet: boolean };
};
type PolicyFacts = NonNullable<Awaited<ReturnType<typeof policyForPayment>>>;

/** How the payment is made: a saved wallet method or a one-time token from the hosted fields. */
interface Method {
  token: string;
  kind: 'card' | 'bankAccount';
  lastDigits: string;
  brand: string;
  /** What the processor says a fresh (one-time) token is; null for a saved method. */
  fresh: TokenDescription | null;
}

interface Prepared {
  amount: Cents;
  method: Method;
  charge: ChargeResult;
  source: 'Portal' | 'Guest' | 'Binder';
  /** A reinstatement payment (issue 11): the offer it was checked against before the charge. */
  reinstatement: AcceptedReinstatement | null;
}

const methodOf = (kind: Method['kind']) => (kind === 'card' ? ('Card' as const) : ('BankAccount' as const));

/**
 * The rules a payment must meet before anything is charged (SPEC §5, §9; 45 CFR 155.400 for binders):
 * dated today, within the tenant's limits, a method the caller may use, a binder paid in full.
 */
async function resolvePayment(
  request: FastifyRequest,
  db: Executor,
  principal: Principal,
  policy: PolicyFacts,
  body: Body,
): Promise<Omit<Prepared, 'charge' | 'reinstatement'>> {
  const { tenant } = request.server;
  const limits = tenant.account.payments;
  if (fromUsDate(body.information.date) !== request.server.today()) {
    // A later date never gets here (it is scheduled instead, see makePayment); an earlier one is refused.
    throw ruleViolation(
      'body.information.date',
      'date-not-today',
      'A payment made here is dated today or later; it cannot be dated in the past.',
    );
  }
  const amount = amountCents(body.paymentDetails.paymentAmount);
  if (amount < limits.minAllowedPaymentCents) {
    throw ruleViolation(
      'body.paymentDetails.paymentAmount',
      'amount-below-minimum',
      'Below the minimum payment.',
      { minimum: limits.minAllowedPaymentCents / 100 },
    );
  }
  if (amount > limits.maxAllowedPaymentCents) {
    throw ruleViolation(
      'body.paymentDetails.paymentAmount',
      'amount-above-maximum',
      'Above the maximum payment.',
      { maximum: limits.maxAllowedPaymentCents / 100 },
    );
  }
  const binder = policy.financeStatus === 'Binder';
  const binderDue = policy.currentAmountDueCents ?? 0;
  // 45 CFR 155.400(e): coverage starts only when the whole first premium (the binder) is paid.
  if (binder && amount < binderDue) {
    throw ruleViolation(
      'body.paymentDetails.paymentAmount',
      'binder-must-be-full',
      'A binder payment pays the whole first month.',
      { minimum: binderDue / 100 },
    );
  }
  // Issue 11: an ended coverage takes money only for what it is owed — the months it covered (its past
  // amount due) — or, with `purpose: reinstatement`, the whole amount that restores it (checked apart).
  // Anything else would sit as credit on a coverage that no longer runs.
  if (policy.financeStatus === 'Terminated' && body.purpose !== 'reinstatement') {
    const owed = policy.pastAmountDueCents ?? 0;
    if (owed === 0)
      throw ruleViolation(
        'body.id',
        'policy-terminated',
        'This coverage has ended and nothing is owed on it; to restore it, reinstate it.',
      );
    if (amount > owed)
      throw ruleViolation(
        'body.paymentDetails.paymentAmount',
        'amount-above-past-due',
        'An ended coverage is paid only for the months it covered.',
        { maximum: owed / 100 },
      );
  }
  const guest = principal.kind === 'guest';
  let method: Method;
  if (body.paymentDetails.walletItemId !== undefined) {
    // A guest pays with a card or account entered for that payment: the household's wallet is not theirs.
    const saved =
      !guest && policy.householdId
        ? await savedPaymentMethod(db, policy.householdId, body.paymentDetails.walletItemId)
        : undefined;
    if (!saved)
      throw ruleViolation(
        'body.paymentDetails.walletItemId',
        'not-yours',
        'Not a saved method of this household.',
      );
    method = {
      token: saved.token,
      kind: saved.kind,
      lastDigits: saved.lastDigits,
      brand: saved.brand,
      fresh: null,
    };
  } else {
    const token = body.paymentDetails.paymentToken ?? '';
    const described = await request.server.processor.describeToken(token).catch((error: unknown) => {
      throw processorProblem(error);
    });
    if (!described)
      throw ruleViolation(
        'body.paymentDetails.paymentToken',
        'unknown-token',
        'The processor does not know this token.',
      );
    // Issue 33 item 1: a one-time token is the household's (or guest session's) that made it. Another's
    // answers like an unknown token — nothing about it is told — and the audit row says what it was.
    if (!ownsToken(principal, described)) {
      const refusal = ruleViolation(
        'body.paymentDetails.paymentToken',
        'unknown-token',
        'The processor does not know this token.',
      );
      refusal.auditReason = 'token-not-yours';
      throw refusal;
    }
    method =
      described.kind === 'card'
        ? { token, kind: 'card', lastDigits: described.last4, brand: described.brand, fresh: described }
        : {
            token,
            kind: 'bankAccount',
            lastDigits: described.last3,
            brand: described.accountType,
            fresh: described,
          };
  }
  if (methodOf(method.kind) !== body.paymentDetails.method) {
    throw ruleViolation(
      'body.paymentDetails.method',
      'method-mismatch',
      'The method does not match the card or account given.',
    );
  }
  // Saving needs the wallet action too (role-config: customer service pays for a member, never keeps methods).
  const maySave =
    !guest &&
    method.fresh !== null &&
    policy.householdId !== null &&
    actionsOf(request, principal).includes('manage-wallet');
  if (body.paymentDetails.saveToWallet && !maySave) {
    throw ruleViolation(
      'body.paymentDetails.saveToWallet',
      'not-allowed',
      'Only a signed-in member can save a new method.',
    );
  }
  return { amount, method, source: binder ? 'Binder' : guest ? 'Guest' : 'Portal' };
}

const DECLINE_STATUS: Record<ChargeResult['status'], PaymentRow['transactionStatus']> = {
  succeeded: 'Succeeded',
  pending: 'Pending',
  declined: 'Failed',
};

/** Records the charge's outcome and, for money received, applies it to the policy's finance. */
async function record(
  tx: Transaction,
  request: FastifyRequest,
  policy: PolicyFacts,
  prepared: Prepared,
  body: Body,
) {
  const { charge, method, amount } = prepared;
  const inserted = await insertPayment(tx, {
    policyId: policy.id,
    amountCents: amount,
    transactionDate: request.server.today(),
    transactionId: charge.transactionId,
    transactionStatus: DECLINE_STATUS[charge.status],
    paymentMethod: methodOf(method.kind),
    methodLastDigits: method.lastDigits,
    methodBrand: method.brand,
    paymentSource: prepared.source,
    failureReason: charge.status === 'declined' ? charge.declineCode : null,
    payerName: body.information.billingName,
  });
  // A retry that runs again after a crash finds the payment the first run recorded (the processor
  // answered the same charge for the same key): nothing is posted twice.
  const payment = inserted ?? (await paymentByTransactionId(tx, charge.transactionId));
  if (!payment) throw new Error('payment neither inserted nor found');
  let effectiveDate: string | null = null;
  if (inserted && charge.status === 'succeeded') {
    const posted = await postToFinance(
      tx,
      policy.id,
      request.server.today(),
      dueDayRule(request.server.tenant.account.payments.dueDate),
    );
    effectiveDate = posted?.effectuated[0]?.startDate ?? null;
    await updatePayment(tx, payment.id, {
      paidThroughDate: posted?.snapshot.state.paidThroughDate ?? null,
      effectuatedCoverage: effectiveDate !== null,
    });
  }
  return { payment, effectiveDate, fresh: inserted !== undefined };
}

/**
 * "Save to my wallet" while paying: the one-time method joins the household's wallet in the payment's
 * transaction (never a declined one). A refusal (wallet full, card already saved) does not stop the
 * payment; the answer says it.
 */
async function keepInWallet(
  tx: Transaction,
  request: FastifyRequest,
  policy: PolicyFacts,
  prepared: Prepared,
  body: Body,
) {
  const description = prepared.method.fresh;
  if (
    !body.paymentDetails.saveToWallet ||
    !description ||
    !policy.householdId ||
    prepared.charge.status === 'declined'
  )
    return null;
  const info = body.information;
  return saveToWallet(tx, {
    householdId: policy.householdId,
    description,
    isDefault: false,
    nickname: null,
    email: info.emailAddress ?? null,
    cardHolder: {
      name: info.billingName,
      billingAddress: { street1: info.street, street2: null, city: info.city, state: info.state },
    },
    accountHolder: {
      name: info.billingName,
      address: `${info.street}, ${info.city}, ${info.state} ${info.zip}`,
    },
    account: request.server.tenant.account,
    today: request.server.today(),
  });
}

function eventsFor(
  policy: PolicyFacts,
  prepared: Prepared,
  payment: PaymentRow,
  effectiveDate: string | null,
): OutboxEventInput[] {
  // The values the notification templates carry (packages/contracts notification-templates.ts).
  const payload = {
    paymentId: payment.id,
    policyNumber: policy.policyNumber,
    amountCents: prepared.amount,
    paymentDate: payment.transactionDate,
    last4: prepared.method.lastDigits,
    ...(prepared.charge.status === 'declined' ? { declineCode: prepared.charge.declineCode } : {}),
  };
  const type =
    prepared.charge.status === 'succeeded'
      ? 'payment.succeeded'
      : prepared.charge.status === 'pending'
        ? 'payment.pending'
        : 'payment.declined';
  return [
    { type, householdId: policy.householdId, policyId: policy.id, payload },
    ...(effectiveDate
      ? [
          {
            type: 'payment.binder-paid',
            householdId: policy.householdId,
            policyId: policy.id,
            payload: { ...payload, effectiveDate },
          },
        ]
      : []),
  ];
}

/**
 * Issue 11: the reinstatement request of a reinstatement payment just recorded, in its transaction
 * (reinstatement/service.ts): reinstated at once when Eligible and paid by card, else waiting. A retry that
 * found its charge already recorded answers the request made then. Should another request have won the
 * race meanwhile (another tab), the payment stays recorded — applied to the policy like any payment —
 * and the answer says so (409).
 */
async function reinstate(
  tx: Transaction,
  accepted: AcceptedReinstatement,
  payment: PaymentRow,
  fresh: boolean,
  principal: Principal,
  context: ReinstatementContext,
) {
  if (!fresh)
    return {
      outcome: await outcomeOfPayment(tx, payment.transactionId),
      events: [] as OutboxEventInput[],
      refusal: null,
    };
  const requested = await requestReinstatement(tx, {
    accepted,
    payment: {
      transactionId: payment.transactionId,
      amountCents: payment.amountCents,
      status: payment.transactionStatus === 'Pending' ? 'Pending' : 'Succeeded',
    },
    requestedBy: principal,
    context,
  });
  if (!requested.ok) {
    const problem = new HttpProblem(
      409,
      ProblemType.conflict,
      'Already asked',
      'This policy was reinstated, or asked to be, by another request just now. Your payment was received and applied to the policy.',
      [
        {
          field: 'body.id',
          code: requested.refusal,
          reason: 'Another request reinstated this policy first.',
        },
      ],
      { paymentId: payment.id },
    );
    return { outcome: null, events: [] as OutboxEventInput[], refusal: problem };
  }
  // The receipt says what the payment paid through, now that the coverage it pays for is back.
  if (requested.paidThroughDate)
    await updatePayment(tx, payment.id, { paidThroughDate: requested.paidThroughDate });
  return { outcome: requested.outcome, events: requested.events, refusal: null };
}

function declined(code: DeclineCode): HttpProblem {
  return new HttpProblem(
    402,
    ProblemType.paymentDeclined,
    'Payment declined',
    'The processor declined the payment. Nothing was charged.',
    undefined,
    { declineCode: code },
  );
}

/**
 * SPEC §7 make-payment (`POST /api/v1/Payment`): the write path with the charge made before the
 * transaction (docs/decisions/014, 016) under a processor idempotency key derived from the request's
 * own, so a retry or a second instance can never charge twice. A decline is recorded (history, audit,
 * notification) and answered 402 with its code. A later date (issue 10) charges nothing now: the
 * payment is scheduled for that day from a saved method (scheduled-payment/commands.ts).
 */
export async function makePayment(
  request: FastifyRequest,
  body: Body,
): Promise<MakePaymentResponse | MakePaymentScheduledResponse> {
  const idempotency = request.idempotency;
  if (!idempotency) throw new Error('make-payment runs only under an Idempotency-Key');
  // Issue 11: paying to reinstate asks for the reinstatement too (role action request-reinstatement); it is
  // paid today, never scheduled (a later date is refused like any payment dated other than today).
  const reinstating = body.purpose === 'reinstatement';
  if (!reinstating && isPaymentForLater(request, body)) return schedulePaymentForLater(request, body);
  const context: ReinstatementContext = {
    today: request.server.today(),
    dueRule: dueDayRule(request.server.tenant.account.payments.dueDate),
  };
  return runCommand<{ ref: PolicyRef; policy: PolicyFacts }, MakePaymentResponse, Prepared>(request, {
    action: reinstating ? 'request-reinstatement' : 'make-payment',
    authorize: async (db) => {
      // Reinstating is paying as well: the caller's roles must grant both actions.
      if (reinstating) await requireAction(request, 'make-payment');
      const ref = await authorizePolicy(request, db, body.id);
      const policy = await policyForPayment(db, ref.id);
      if (!policy) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such policy.');
      return { ref, policy };
    },
    householdOf: ({ ref }) => ref.householdId,
    prepare: async (db, { principal, ref: { policy } }) => {
      const resolved = await resolvePayment(request, db, principal, policy, body);
      // Checked before anything is charged: the offer stands, and the amount is all of it.
      const reinstatement = reinstating
        ? await checkReinstatementPayment(db, policy.id, resolved.amount, context)
        : null;
      const charge = await request.server.processor
        .charge({
          token: resolved.method.token,
          amountCents: resolved.amount,
          idempotencyKey: processorKeyFor(idempotency, 'payment'),
          description: `Premium ${policy.policyNumber}`,
          metadata: {
            policyId: policy.id,
            householdId: policy.householdId ?? '',
            amount: paymentAmountForProcessor(resolved.amount),
          },
        })
        .catch((error: unknown) => {
          throw processorProblem(error);
        });
      return { ...resolved, charge, reinstatement };
    },
    execute: async (tx, { principal, ref: { policy }, prepared }) => {
      const { payment, effectiveDate, fresh } = await record(tx, request, policy, prepared, body);
      const saved = fresh ? await keepInWallet(tx, request, policy, prepared, body) : null;
      const reinstated =
        prepared.reinstatement && prepared.charge.status !== 'declined'
          ? await reinstate(tx, prepared.reinstatement, payment, fresh, principal, context)
          : null;
      const receipt: Receipt = await receiptOf(tx, payment.id);
      const result: MakePaymentResponse = {
        information: { subscriberFolderID: policy.subscriberFolderId },
        transactionID: payment.transactionId,
        typeField: payment.paymentMethod,
        date: body.information.date,
        paymentDetails: { paymentAmount: toWireAmount(payment.amountCents), method: payment.paymentMethod },
        receipt,
        savedToWallet: saved === null ? 'not-asked' : saved.saved ? 'saved' : saved.reason,
        ...(reinstated?.outcome ? { reinstatement: reinstated.outcome } : {}),
      };
      const wasDeclined = prepared.charge.status === 'declined';
      const requestId = reinstated?.outcome?.serviceRequestId;
      return {
        result,
        audit: {
          recordType: 'payment',
          recordIds: [payment.id, ...(requestId ? [requestId] : [])],
          ...(wasDeclined
            ? { outcome: 'failure' as const, reason: 'declined' }
            : reinstated?.refusal
              ? { outcome: 'failure' as const, reason: 'reinstatement-already-requested' }
              : {}),
        },
        events: fresh
          ? [
              ...eventsFor(policy, prepared, payment, effectiveDate),
              ...(saved?.saved ? saved.events : []),
              ...(reinstated?.events ?? []),
            ]
          : [],
        ...(prepared.charge.status === 'declined'
          ? { refusal: declined(prepared.charge.declineCode) }
          : reinstated?.refusal
            ? { refusal: reinstated.refusal }
            : {}),
      };
    },
  });
}

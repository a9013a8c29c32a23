import type { FastifyRequest } from 'fastify';
import {
  ProblemType,
  fromUsDate,
  type AccountConfig,
  type ChangeScheduledPaymentRequestSchema,
  type CreateScheduledPaymentRequestSchema,
  type FieldError,
  type MakePaymentRequestSchema,
  type MakePaymentScheduledResponse,
  type ScheduledPayment,
} from '@portal/contracts';
import {
  amountCents,
  canAddScheduledPayment,
  checkPaymentAmount,
  compareCalendarDates,
  paymentClearsScheduledPayments,
  scheduledPaymentWindow,
  toWireAmount,
  type CalendarDate,
  type Cents,
} from '@portal/domain';
import type { z } from 'zod';
import { authorizePolicy, authorizeScheduledPayment, notFound, type PolicyRef } from '../../auth/access';
import type { Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { runCommand, ruleViolation, type CommandOutcome } from '../../plugins/command';
import { HttpProblem } from '../../plugins/errors';
import { policyForPayment } from '../payment/service';
import { savedPaymentMethod } from '../wallet/service';
import {
  clearScheduledPayments,
  insertScheduledPayment,
  lockScheduledPayment,
  scheduledCountOf,
  updateScheduledPayment,
  type ScheduledPaymentRow,
} from './repository';
import { scheduledPaymentView } from './view';
import { lockPolicy } from '../policy/service';

/**
 * The scheduled-payment commands of issue 10 (SPEC §3 Scheduled payment, §4, §9), each through the write
 * path (docs/decisions/014: role action `schedule-payment`, record access, one transaction holding the
 * change, its audit row and its outbox events). Rules, each refused with a coded field error (422):
 *
 * - the policy is payable: not a binder (`binder-pays-now`: the first premium is paid now, 45 CFR 155.400(e));
 * - at most `maxScheduledPaymentsAllowed` Scheduled per policy (`limit-reached`), counted under a lock
 *   on the policy so that two requests cannot both add the last one;
 * - the date from tomorrow (`date-too-early`) to `scheduledPaymentHorizonDays` after today
 *   (`date-after-horizon`), today being the portal's (`app.today()`);
 * - the amount within the tenant's limits (`amount-below-minimum`, `amount-above-maximum`; its format —
 *   two decimals, above zero — is the contract schema's, 400);
 * - the method an active saved method of the policy's household (`not-yours`), of a kind the tenant
 *   accepts (`method-type-not-accepted`);
 * - a change or a cancellation only while the payment is still Scheduled (`not-scheduled`).
 */

const ACTION = 'schedule-payment';

type PolicyFacts = NonNullable<Awaited<ReturnType<typeof policyForPayment>>>;
type CreateBody = z.output<typeof CreateScheduledPaymentRequestSchema>;
type ChangeBody = z.output<typeof ChangeScheduledPaymentRequestSchema>;
type MakePaymentBody = z.output<typeof MakePaymentRequestSchema>;

interface Rules {
  today: CalendarDate;
  account: AccountConfig;
}
const rulesOf = (request: FastifyRequest): Rules => ({
  today: request.server.today(),
  account: request.server.tenant.account,
});

/** Where each rule's value is in the request: the scheduled-payment bodies, or make-payment's. */
interface Fields {
  policy: string;
  date: string;
  amount: string;
  method: string;
}
const OWN_FIELDS: Fields = {
  policy: 'params.policyId',
  date: 'body.paymentDate',
  amount: 'body.paymentAmount',
  method: 'body.walletItemId',
};
const MAKE_PAYMENT_FIELDS: Fields = {
  policy: 'body.id',
  date: 'body.information.date',
  amount: 'body.paymentDetails.paymentAmount',
  method: 'body.paymentDetails.walletItemId',
};

function dateProblem(date: CalendarDate, rules: Rules, field: string): FieldError | null {
  const horizon = rules.account.payments.scheduledPaymentHorizonDays;
  const window = scheduledPaymentWindow(rules.today, horizon);
  if (compareCalendarDates(date, window.earliest) < 0) {
    return {
      field,
      code: 'date-too-early',
      reason: 'A scheduled payment is for tomorrow or later; a payment for today is made now.',
      params: { earliest: window.earliest },
    };
  }
  if (compareCalendarDates(date, window.latest) > 0) {
    return {
      field,
      code: 'date-after-horizon',
      reason: `A payment can be scheduled up to ${horizon} days ahead.`,
      params: { latest: window.latest },
    };
  }
  return null;
}

function amountProblem(amount: Cents, rules: Rules, field: string): FieldError | null {
  const limits = rules.account.payments;
  const check = checkPaymentAmount(amount, {
    minAllowedPayment: limits.minAllowedPaymentCents,
    maxAllowedPayment: limits.maxAllowedPaymentCents,
  });
  if (check.ok) return null;
  switch (check.problem) {
    case 'below-minimum':
      return {
        field,
        code: 'amount-below-minimum',
        reason: 'Below the minimum payment.',
        params: { minimum: limits.minAllowedPaymentCents / 100 },
      };
    case 'above-maximum':
      return {
        field,
        code: 'amount-above-maximum',
        reason: 'Above the maximum payment.',
        params: { maximum: limits.maxAllowedPaymentCents / 100 },
      };
    case 'not-positive':
    case 'not-whole-cents':
      // Whole cents above zero: the contract schema refuses anything else before this point.
      return { field, code: 'not-positive', reason: 'More than zero, in whole cents.' };
  }
}

/** Every field refused at once (the form shows each on its field), or nothing. */
function refuseFields(problems: readonly (FieldError | null)[]): void {
  const errors = problems.filter((problem): problem is FieldError => problem !== null);
  const [first] = errors;
  if (first) throw new HttpProblem(422, ProblemType.unprocessable, 'Not possible', first.reason, errors);
}

/** The policy can take a scheduled payment: binders are paid now (the coverage starts only then). */
function checkPayable(policy: PolicyFacts, field: string): void {
  if (policy.financeStatus === 'Binder') {
    throw ruleViolation(
      field,
      'binder-pays-now',
      'A first (binder) payment is made now, in full: it cannot be scheduled.',
    );
  }
}

/** The saved method that pays: an active item of the policy's household's wallet, of an accepted kind. */
async function savedMethod(
  tx: Transaction,
  policy: PolicyFacts,
  itemId: string,
  rules: Rules,
  field: string,
) {
  const item = policy.householdId ? await savedPaymentMethod(tx, policy.householdId, itemId) : undefined;
  if (!item)
    return {
      problem: {
        field,
        code: 'not-yours',
        reason: 'Not a saved method of this household.',
      } satisfies FieldError,
    };
  const accepted = rules.account.payments.paymentTypes.includes(
    item.kind === 'card' ? 'CardPayments' : 'CheckingOrSavings',
  );
  if (!accepted)
    return {
      problem: {
        field,
        code: 'method-type-not-accepted',
        reason: 'This kind of payment method is not accepted.',
      } satisfies FieldError,
    };
  return { item };
}

function limitReached(field: string, rules: Rules): HttpProblem {
  const maximum = rules.account.payments.maxScheduledPaymentsAllowed;
  return ruleViolation(field, 'limit-reached', `A policy may have at most ${maximum} scheduled payments.`, {
    maximum,
  });
}

/** The facts the notification templates carry (packages/contracts notification-templates.ts). */
function eventFor(
  type: string,
  policy: PolicyFacts,
  row: Pick<ScheduledPaymentRow, 'id' | 'paymentAmountCents' | 'paymentDate'>,
): OutboxEventInput {
  return {
    type,
    householdId: policy.householdId,
    policyId: policy.id,
    payload: {
      scheduledPaymentId: row.id,
      policyNumber: policy.policyNumber,
      amountCents: row.paymentAmountCents,
      paymentDate: row.paymentDate,
    },
  };
}

async function loadPolicy(
  db: Parameters<typeof policyForPayment>[0],
  policyId: string,
): Promise<PolicyFacts> {
  const policy = await policyForPayment(db, policyId);
  if (!policy) throw notFound('policy');
  return policy;
}

interface NewScheduled {
  policy: PolicyFacts;
  itemId: string;
  amount: Cents;
  date: CalendarDate;
  description: string | null;
}

/** Checks the rules of a new scheduled payment (under the policy's lock) and inserts it. */
async function insertChecked(tx: Transaction, input: NewScheduled, rules: Rules, fields: Fields) {
  const method = await savedMethod(tx, input.policy, input.itemId, rules, fields.method);
  refuseFields([
    dateProblem(input.date, rules, fields.date),
    amountProblem(input.amount, rules, fields.amount),
    method.problem ?? null,
  ]);
  if (!method.item) throw new Error('unreachable: a method or a problem');
  if (!canAddScheduledPayment(await scheduledCountOf(tx, input.policy.id), rules.account.payments))
    throw limitReached(fields.policy, rules);
  const row = await insertScheduledPayment(tx, {
    policyId: input.policy.id,
    paymentAmountCents: input.amount,
    paymentDate: input.date,
    paymentMethod: method.item.kind === 'card' ? 'Card' : 'BankAccount',
    paymentToken: method.item.token,
    description: input.description,
  });
  return { row, method: method.item };
}

/** `POST /api/v1/Policy/{policyId}/scheduled-payments`: a one-time payment from a saved method on a later date. */
export function createScheduledPayment(
  request: FastifyRequest,
  policyId: string,
  body: CreateBody,
): Promise<ScheduledPayment> {
  const rules = rulesOf(request);
  return runCommand<{ ref: PolicyRef; policy: PolicyFacts }, ScheduledPayment>(request, {
    action: ACTION,
    authorize: async (db) => {
      const ref = await authorizePolicy(request, db, policyId);
      return { ref, policy: await loadPolicy(db, ref.id) };
    },
    householdOf: ({ ref }) => ref.householdId,
    execute: async (tx, { ref: { policy } }): Promise<CommandOutcome<ScheduledPayment>> => {
      await lockPolicy(tx, policy.id, 'no key update');
      checkPayable(policy, OWN_FIELDS.policy);
      const description = body.description === undefined || body.description === '' ? null : body.description;
      const { row } = await insertChecked(
        tx,
        {
          policy,
          itemId: body.walletItemId,
          amount: amountCents(body.paymentAmount),
          date: body.paymentDate,
          description,
        },
        rules,
        OWN_FIELDS,
      );
      return {
        result: await scheduledPaymentView(tx, policy, row.id, rules),
        audit: { action: 'scheduled-payment.create', recordType: 'scheduled-payment', recordIds: [row.id] },
        events: [eventFor('scheduled-payment.created', policy, row)],
      };
    },
  });
}

/** The scheduled payment named by the path, locked, still Scheduled. */
async function stillScheduled(tx: Transaction, id: string): Promise<ScheduledPaymentRow> {
  const row = await lockScheduledPayment(tx, id);
  if (!row) throw notFound('scheduled payment');
  if (row.status !== 'Scheduled') {
    throw ruleViolation(
      'params.id',
      'not-scheduled',
      `Only a payment still Scheduled can change; this one is ${row.status}.`,
      { status: row.status },
    );
  }
  return row;
}

async function authorizeOne(
  request: FastifyRequest,
  db: Parameters<typeof authorizeScheduledPayment>[1],
  id: string,
) {
  const ref = await authorizeScheduledPayment(request, db, id);
  return { ref, policy: await loadPolicy(db, ref.policy.id) };
}

/** `PUT /api/v1/ScheduledPayment/{id}`: a new date and/or amount, while it is still Scheduled. */
export function changeScheduledPayment(
  request: FastifyRequest,
  id: string,
  body: ChangeBody,
): Promise<ScheduledPayment> {
  const rules = rulesOf(request);
  return runCommand(request, {
    action: ACTION,
    authorize: (db) => authorizeOne(request, db, id),
    householdOf: ({ ref }) => ref.policy.householdId,
    execute: async (tx, { ref: { policy } }): Promise<CommandOutcome<ScheduledPayment>> => {
      const row = await stillScheduled(tx, id);
      const amount =
        body.paymentAmount === undefined ? row.paymentAmountCents : amountCents(body.paymentAmount);
      const date = body.paymentDate ?? row.paymentDate;
      refuseFields([
        body.paymentDate === undefined ? null : dateProblem(date, rules, 'body.paymentDate'),
        body.paymentAmount === undefined ? null : amountProblem(amount, rules, 'body.paymentAmount'),
      ]);
      const changed = amount !== row.paymentAmountCents || date !== row.paymentDate;
      if (changed)
        await updateScheduledPayment(tx, row.id, { paymentAmountCents: amount, paymentDate: date });
      return {
        result: await scheduledPaymentView(tx, policy, row.id, rules),
        audit: { action: 'scheduled-payment.change', recordType: 'scheduled-payment', recordIds: [row.id] },
        events: changed
          ? [
              eventFor('scheduled-payment.changed', policy, {
                id: row.id,
                paymentAmountCents: amount,
                paymentDate: date,
              }),
            ]
          : [],
      };
    },
  });
}

/** `PUT /api/v1/ScheduledPayment/{id}/cancel`: the member cancels it while it is still Scheduled. */
export function cancelScheduledPayment(request: FastifyRequest, id: string): Promise<ScheduledPayment> {
  const rules = rulesOf(request);
  return runCommand(request, {
    action: ACTION,
    authorize: (db) => authorizeOne(request, db, id),
    householdOf: ({ ref }) => ref.policy.householdId,
    execute: async (tx, { ref: { policy } }): Promise<CommandOutcome<ScheduledPayment>> => {
      const row = await stillScheduled(tx, id);
      await updateScheduledPayment(tx, row.id, { status: 'Cancelled' });
      return {
        result: await scheduledPaymentView(tx, policy, row.id, rules),
        audit: { action: 'scheduled-payment.cancel', recordType: 'scheduled-payment', recordIds: [row.id] },
        events: [eventFor('scheduled-payment.cancelled', policy, row)],
      };
    },
  });
}

/** Whether make-payment's date is a later day: such a payment is scheduled, not charged. */
export function isPaymentForLater(
  request: FastifyRequest,
  body: Pick<MakePaymentBody, 'information'>,
): boolean {
  return compareCalendarDates(fromUsDate(body.information.date), request.server.today()) > 0;
}

/**
 * `POST /api/v1/Payment` with a later date (issue 10): nothing is charged now; a scheduled payment is
 * set up for that day from the saved wallet method named (a one-time token cannot wait: it is used
 * once, now). SPEC §4 "after a payment on a date other than today, the policy's scheduled payments are
 * cleared", as the domain reads it (`paymentClearsScheduledPayments`: any date other than today, earlier
 * or later): in this payment's transaction the policy's still-Scheduled payments become Cleared, then
 * the new one is added (so it counts alone against the limit).
 */
export function schedulePaymentForLater(
  request: FastifyRequest,
  body: MakePaymentBody,
): Promise<MakePaymentScheduledResponse> {
  const rules = rulesOf(request);
  const fields = MAKE_PAYMENT_FIELDS;
  const date = fromUsDate(body.information.date);
  return runCommand(request, {
    action: ACTION,
    authorize: async (db) => {
      const ref = await authorizePolicy(request, db, body.id);
      return { ref, policy: await loadPolicy(db, ref.id) };
    },
    householdOf: ({ ref }) => ref.householdId,
    execute: async (tx, { ref: { policy } }): Promise<CommandOutcome<MakePaymentScheduledResponse>> => {
      const details = body.paymentDetails;
      if (details.walletItemId === undefined) {
        throw ruleViolation(
          'body.paymentDetails.paymentToken',
          'later-needs-saved-method',
          'A payment on a later date is made from a saved wallet method.',
        );
      }
      if (details.saveToWallet)
        throw ruleViolation(
          'body.paymentDetails.saveToWallet',
          'not-allowed',
          'A saved method is already in the wallet.',
        );
      await lockPolicy(tx, policy.id, 'no key update');
      checkPayable(policy, fields.date);
      // SPEC §4, in this payment's transaction: the domain decides (a later date is never today).
      const cleared = paymentClearsScheduledPayments(date, rules.today)
        ? await clearScheduledPayments(tx, policy.id)
        : [];
      const description =
        body.information.details === undefined || body.information.details === ''
          ? null
          : body.information.details;
      const { row } = await insertChecked(
        tx,
        {
          policy,
          itemId: details.walletItemId,
          amount: amountCents(details.paymentAmount),
          date,
          description,
        },
        rules,
        fields,
      );
      if (row.paymentMethod !== details.method)
        throw ruleViolation(
          'body.paymentDetails.method',
          'method-mismatch',
          'The method does not match the saved card or account.',
        );
      const result: MakePaymentScheduledResponse = {
        information: { subscriberFolderID: policy.subscriberFolderId },
        date: body.information.date,
        paymentDetails: { paymentAmount: toWireAmount(row.paymentAmountCents), method: row.paymentMethod },
        scheduledPayment: await scheduledPaymentView(tx, policy, row.id, rules),
        clearedScheduledPayments: cleared.length,
      };
      return {
        result,
        audit: {
          action: 'make-payment.scheduled',
          recordType: 'scheduled-payment',
          recordIds: [row.id, ...cleared.map((one) => one.id)],
        },
        events: [
          ...(cleared.length > 0
            ? [
                {
                  type: 'scheduled-payment.cleared',
                  householdId: policy.householdId,
                  policyId: policy.id,
                  payload: { policyNumber: policy.policyNumber, count: cleared.length },
                },
              ]
            : []),
          eventFor('scheduled-payment.created', policy, row),
        ],
      };
    },
  });
}

import type { z } from 'zod';
import type {
  AccountConfig,
  AutopayList,
  CreateAutopayRequestSchema,
  ReplaceAutopayRequestSchema,
  UpdateAutopayRequestSchema,
} from '@portal/contracts';
import {
  amountCents,
  autopayRunDay,
  autopayRunOf,
  canAddAutopay,
  type CalendarDate,
  type PaymentDueDayRule,
} from '@portal/domain';
import type { PolicyRef } from '../../auth/access';
import type { Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { ruleViolation, type CommandOutcome } from '../../plugins/command';
import { cardExpiries, savedPaymentMethod } from '../wallet/service';
import {
  forgetUpcomingRuns,
  insertSubscription,
  lockPolicyAutopay,
  moveRetriesTo,
  policyFinance,
  skipOpenRuns,
  updateSubscription,
  type SubscriptionRow,
} from './repository';
import { autopayContext, autopayList, cardExpiresBefore, nextRunOf } from './service';

/**
 * The autopay commands of SPEC §4 ("create, update, cancel, or replace (create new, then cancel
 * original)") and "skip the next payment once" (issue 10), each run by the routes through the write
 * path (docs/decisions/014: action `manage-autopay`, record access, one transaction with audit and
 * events). Every one first locks the policy's autopay (lockPolicyAutopay), so the limit of active
 * subscriptions holds and a replacement is never seen half done; each answers the policy's autopay list
 * as it now is.
 */

export interface AutopayCommandContext {
  policy: PolicyRef;
  account: AccountConfig;
  today: CalendarDate;
  dueRule: PaymentDueDayRule;
}

type Terms = z.output<typeof UpdateAutopayRequestSchema>;

const RECORD = 'autopay-subscription';

/** The amount terms, checked against the tenant's limits: a fixed amount within one payment's limits; a maximum not below it. */
function amountTerms(
  terms: Terms,
  account: AccountConfig,
): { amountCents: number | null; maxAmountCents: number | null } {
  const limits = account.payments;
  const fixed =
    terms.amountType === 'Fixed' && terms.fixedAmount !== undefined ? amountCents(terms.fixedAmount) : null;
  if (fixed !== null && fixed < limits.minAllowedPaymentCents) {
    throw ruleViolation(
      'body.fixedAmount',
      'amount-below-minimum',
      `The fixed amount must be at least ${limits.minAllowedPaymentCents / 100}.`,
      { minimum: limits.minAllowedPaymentCents / 100 },
    );
  }
  if (fixed !== null && fixed > limits.maxAllowedPaymentCents) {
    throw ruleViolation(
      'body.fixedAmount',
      'amount-above-maximum',
      `The fixed amount can be at most ${limits.maxAllowedPaymentCents / 100}.`,
      { maximum: limits.maxAllowedPaymentCents / 100 },
    );
  }
  const maximum = terms.maxAmount === undefined ? null : amountCents(terms.maxAmount);
  if (maximum !== null && fixed !== null && maximum < fixed) {
    throw ruleViolation(
      'body.maxAmount',
      'max-below-fixed',
      'The maximum is below the fixed amount: nothing would ever be charged.',
    );
  }
  return { amountCents: fixed, maxAmountCents: maximum };
}

/** The saved method to pay from: an active item of the household's own wallet, not an expired card. */
async function methodOf(tx: Transaction, householdId: string | null, itemId: string, today: CalendarDate) {
  const item = householdId === null ? undefined : await savedPaymentMethod(tx, householdId, itemId);
  if (!item)
    throw ruleViolation(
      'body.walletItemId',
      'not-yours',
      'This is not a payment method saved in the household’s wallet.',
    );
  if (
    item.kind === 'card' &&
    cardExpiresBefore((await cardExpiries(tx, [item.token])).get(item.token), today)
  ) {
    throw ruleViolation('body.walletItemId', 'card-expired', 'This card has expired.');
  }
  return item;
}

async function policyFacts(tx: Transaction, policyId: string) {
  const facts = await policyFinance(tx, policyId);
  if (!facts) throw new Error(`policy ${policyId} is gone`);
  return facts;
}

function activeOne(rows: readonly SubscriptionRow[], id: string): SubscriptionRow {
  const row = rows.find((candidate) => candidate.id === id);
  if (row?.state !== 'Active')
    throw ruleViolation('params.id', 'not-active', 'This autopay is no longer on.');
  return row;
}

async function answer(
  tx: Transaction,
  context: AutopayCommandContext,
  audit: { action: string; recordIds: string[] },
  events: OutboxEventInput[],
): Promise<CommandOutcome<AutopayList>> {
  return {
    result: await autopayList(tx, context.policy, context.account, context.today, context.dueRule),
    audit: { action: audit.action, recordType: RECORD, recordIds: audit.recordIds },
    events,
  };
}

const event = (
  type: string,
  context: AutopayCommandContext,
  payload: Record<string, unknown>,
): OutboxEventInput => ({
  type,
  householdId: context.policy.householdId,
  policyId: context.policy.id,
  payload,
});

/**
 * Create: at most `maxAutopayAllowed` active per policy (SPEC §9), not for a policy waiting for its
 * binder (the first premium is paid by the member: DOMAIN "Effectuation"), from an active item of the
 * household's wallet; it starts today and charges from the first month whose run date is today or later.
 */
export async function createAutopay(
  tx: Transaction,
  context: AutopayCommandContext,
  body: z.output<typeof CreateAutopayRequestSchema>,
): Promise<CommandOutcome<AutopayList>> {
  const rows = await lockPolicyAutopay(tx, context.policy.id);
  const facts = await policyFacts(tx, context.policy.id);
  if (facts.status === 'Binder')
    throw ruleViolation(
      'params.policyId',
      'binder-policy',
      'Autopay starts once the first premium (the binder payment) is paid.',
    );
  const active = rows.filter((row) => row.state === 'Active').length;
  const maximum = context.account.payments.maxAutopayAllowed;
  if (!canAddAutopay(active, context.account.payments)) {
    throw ruleViolation(
      'params.policyId',
      'autopay-limit-reached',
      `This policy already has ${active} autopay (at most ${maximum}).`,
      { maximum },
    );
  }
  const method = await methodOf(tx, context.policy.householdId, body.walletItemId, context.today);
  const amounts = amountTerms(body, context.account);
  const created = await insertSubscription(tx, {
    policyId: context.policy.id,
    name: `Autopay ${facts.policyNumber}`,
    amountType: body.amountType,
    ...amounts,
    paymentMethod: method.kind === 'card' ? 'Card' : 'BankAccount',
    paymentToken: method.token,
    daysBeforeDue: body.daysBeforeDue,
    runDay: autopayRunDay(context.today, context.dueRule, body.daysBeforeDue),
    startDate: context.today,
  });
  return answer(tx, context, { action: 'autopay.create', recordIds: [created.id] }, [
    event('autopay.enrolled', context, {
      subscriptionId: created.id,
      policyNumber: facts.policyNumber,
      last4: method.lastDigits,
    }),
  ]);
}

/**
 * Update the terms (amount, days before the due date, maximum). A run already announced is forgotten:
 * the next billing day announces it again on the new terms.
 */
export async function updateAutopay(
  tx: Transaction,
  context: AutopayCommandContext,
  id: string,
  body: Terms,
): Promise<CommandOutcome<AutopayList>> {
  const current = activeOne(await lockPolicyAutopay(tx, context.policy.id), id);
  const facts = await policyFacts(tx, context.policy.id);
  const amounts = amountTerms(body, context.account);
  await updateSubscription(tx, current.id, {
    amountType: body.amountType,
    ...amounts,
    daysBeforeDue: body.daysBeforeDue,
    runDay: autopayRunDay(context.today, context.dueRule, body.daysBeforeDue),
  });
  await forgetUpcomingRuns(tx, current.id);
  return answer(tx, context, { action: 'autopay.update', recordIds: [current.id] }, [
    event('autopay.changed', context, { subscriptionId: current.id, policyNumber: facts.policyNumber }),
  ]);
}

/** Cancel: autopay stops; a charge announced or waiting for its retry is not made. */
export async function cancelAutopay(
  tx: Transaction,
  context: AutopayCommandContext,
  id: string,
): Promise<CommandOutcome<AutopayList>> {
  const current = activeOne(await lockPolicyAutopay(tx, context.policy.id), id);
  const facts = await policyFacts(tx, context.policy.id);
  await updateSubscription(tx, current.id, { state: 'Cancelled', endDate: context.today, skipPeriod: null });
  await skipOpenRuns(tx, current.id, 'cancelled');
  return answer(tx, context, { action: 'autopay.cancel', recordIds: [current.id] }, [
    event('autopay.cancelled', context, { subscriptionId: current.id, policyNumber: facts.policyNumber }),
  ]);
}

/**
 * SPEC §4 replace: create the new subscription (the same terms, from another method), then cancel the
 * original — in this one transaction, under the policy's lock, so there are never two active and never
 * none in between. A month the original already charged is not charged again by the replacement; a
 * declined charge waiting for its retry is retried from the new method; an announced one is announced
 * again with it.
 */
export async function replaceAutopay(
  tx: Transaction,
  context: AutopayCommandContext,
  id: string,
  body: z.output<typeof ReplaceAutopayRequestSchema>,
): Promise<CommandOutcome<AutopayList>> {
  const original = activeOne(await lockPolicyAutopay(tx, context.policy.id), id);
  const facts = await policyFacts(tx, context.policy.id);
  const method = await methodOf(tx, context.policy.householdId, body.walletItemId, context.today);
  if (method.token === original.paymentToken)
    throw ruleViolation('body.walletItemId', 'same-method', 'Autopay already pays with this method.');
  const replacement = await insertSubscription(tx, {
    policyId: original.policyId,
    name: original.name,
    description: original.description,
    amountType: original.amountType,
    amountCents: original.amountCents,
    maxAmountCents: original.maxAmountCents,
    daysBeforeDue: original.daysBeforeDue,
    runDay: original.runDay,
    skipPeriod: original.skipPeriod,
    paymentMethod: method.kind === 'card' ? 'Card' : 'BankAccount',
    paymentToken: method.token,
    startDate: context.today,
  });
  await updateSubscription(tx, original.id, {
    state: 'Cancelled',
    endDate: context.today,
    replacedBy: replacement.id,
  });
  await forgetUpcomingRuns(tx, original.id);
  await moveRetriesTo(tx, original.id, replacement.id);
  return answer(tx, context, { action: 'autopay.replace', recordIds: [original.id, replacement.id] }, [
    event('autopay.replaced', context, {
      subscriptionId: replacement.id,
      replacedId: original.id,
      policyNumber: facts.policyNumber,
      last4: method.lastDigits,
    }),
  ]);
}

/**
 * Skip the next payment once (`skip: true`): the billed month of the next run is not charged, and autopay
 * goes on the month after; `skip: false` charges it after all. A run being charged right now cannot be
 * skipped.
 */
export async function skipNextAutopay(
  tx: Transaction,
  context: AutopayCommandContext,
  id: string,
  skip: boolean,
): Promise<CommandOutcome<AutopayList>> {
  const current = activeOne(await lockPolicyAutopay(tx, context.policy.id), id);
  const facts = await policyFacts(tx, context.policy.id);
  const events: OutboxEventInput[] = [];
  if (skip) {
    const next = nextRunOf(
      current,
      await autopayContext(tx, context.policy.id, context.today, context.dueRule),
    );
    if (!next) throw ruleViolation('params.id', 'not-active', 'This autopay is no longer on.');
    if (next.status === 'Processing')
      throw ruleViolation('params.id', 'run-in-progress', 'The next payment is being made right now.');
    if (current.skipPeriod !== next.period) {
      await updateSubscription(tx, current.id, { skipPeriod: next.period });
      events.push(
        event('autopay.skip-next', context, {
          subscriptionId: current.id,
          policyNumber: facts.policyNumber,
          runDate: next.runDate,
          period: next.period,
        }),
      );
    }
  } else if (current.skipPeriod !== null) {
    await updateSubscription(tx, current.id, { skipPeriod: null });
    const runDate = autopayRunOf(current.skipPeriod, context.dueRule, current.daysBeforeDue).runDate;
    events.push(
      event('autopay.skip-undone', context, {
        subscriptionId: current.id,
        policyNumber: facts.policyNumber,
        runDate,
        period: current.skipPeriod,
      }),
    );
  }
  return answer(
    tx,
    context,
    { action: skip ? 'autopay.skip-next' : 'autopay.undo-skip', recordIds: [current.id] },
    events,
  );
}

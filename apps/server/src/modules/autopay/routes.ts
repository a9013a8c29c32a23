import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AutopayListSchema,
  AutopayParamsSchema,
  CreateAutopayRequestSchema,
  PolicyParamsSchema,
  ProblemSchema,
  ReplaceAutopayRequestSchema,
  SkipNextAutopayRequestSchema,
  UpdateAutopayRequestSchema,
  type AutopayList,
} from '@portal/contracts';
import { dueDayRule } from '@portal/domain';
import { authorizeAutopay, authorizePolicy, type PolicyRef } from '../../auth/access';
import type { Transaction } from '../../db/client';
import { runCommand, type CommandOutcome } from '../../plugins/command';
import {
  cancelAutopay,
  createAutopay,
  replaceAutopay,
  skipNextAutopay,
  updateAutopay,
  type AutopayCommandContext,
} from './commands';
import { autopayList } from './service';

const ACTION = 'manage-autopay';
const commandErrors = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  422: ProblemSchema,
};
const NEEDS =
  'Needs `Idempotency-Key`; role action `manage-autopay`. Answers the policy’s autopay list as it now is.';

export const autopayRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const dueRule = dueDayRule(app.tenant.account.payments.dueDate);
  const contextOf = (policy: PolicyRef): AutopayCommandContext => ({
    policy,
    account: app.tenant.account,
    today: app.today(),
    dueRule,
  });

  /** A command on one subscription, named by its id (another household's answers 404, audited). */
  const onSubscription = (
    request: FastifyRequest,
    id: string,
    execute: (tx: Transaction, context: AutopayCommandContext) => Promise<CommandOutcome<AutopayList>>,
  ) =>
    runCommand(request, {
      action: ACTION,
      authorize: (db) => authorizeAutopay(request, db, id),
      householdOf: (ref) => ref.policy.householdId,
      execute: (tx, { ref }) => execute(tx, contextOf(ref.policy)),
    });

  app.get(
    '/v1/Policy/:policyId/autopay',
    {
      schema: {
        tags: ['payment'],
        summary: 'A policy’s autopay subscriptions and whether one more may be created',
        description:
          'SPEC §3 Subscription (SPEC §2 /payments/autopay): active subscriptions first. `canAddAutopay` applies SPEC §9 maxAutopayAllowed. Payment tokens never reach the browser: each subscription names the wallet item it pays from. An active subscription says when it charges next (`nextRun`: billed month, due date, run date, amount when known, whether the member skips it, whether the card expires before it); each says what its last run did (`lastRun`).',
        params: PolicyParamsSchema,
        response: {
          200: AutopayListSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      const policy = await authorizePolicy(request, app.database.db, request.params.policyId);
      const list = await autopayList(app.database.db, policy, app.tenant.account, app.today(), dueRule);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'autopay-subscription',
        recordIds: [`policy:${policy.id}`, ...list.items.map((item) => item.id)],
        actingForHouseholdId: policy.householdId,
      });
      return list;
    },
  );

  app.post(
    '/v1/Policy/:policyId/autopay',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payment'],
        summary: 'Set up autopay on a policy',
        description: `SPEC §4 Autopay "create": charges the amount due (\`AmountDue\`, up to an optional \`maxAmount\`) or a fixed amount (\`Fixed\`, within the tenant's payment limits) on the due date or \`daysBeforeDue\` (0-10) days before it, from a saved method of the household's wallet (\`walletItemId\`), once the member consents. Refused with 422 and a field code: \`autopay-limit-reached\` (SPEC §9 maxAutopayAllowed), \`binder-policy\` (the first premium is paid by hand), \`not-yours\` (not an active item of the household's wallet), \`card-expired\`, \`amount-below-minimum\`, \`amount-above-maximum\`, \`max-below-fixed\`, \`consent-required\`. ${NEEDS}`,
        params: PolicyParamsSchema,
        body: CreateAutopayRequestSchema,
        response: { 201: AutopayListSchema, ...commandErrors },
      },
    },
    async (request, reply) => {
      const list = await runCommand(request, {
        action: ACTION,
        authorize: (db) => authorizePolicy(request, db, request.params.policyId),
        householdOf: (policy) => policy.householdId,
        execute: (tx, { ref }) => createAutopay(tx, contextOf(ref), request.body),
      });
      return reply.status(201).send(list);
    },
  );

  app.put(
    '/v1/Autopay/:id',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payment'],
        summary: 'Change an autopay’s terms',
        description: `SPEC §4 Autopay "update": amount type and amount, days before the due date, maximum (the method changes by replacing). A charge already announced is announced again on the new terms. 422 \`not-active\` for a cancelled one, and the amount codes of the create. ${NEEDS}`,
        params: AutopayParamsSchema,
        body: UpdateAutopayRequestSchema,
        response: { 200: AutopayListSchema, ...commandErrors },
      },
    },
    async (request) =>
      onSubscription(request, request.params.id, (tx, context) =>
        updateAutopay(tx, context, request.params.id, request.body),
      ),
  );

  app.put(
    '/v1/Autopay/:id/cancel',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payment'],
        summary: 'Turn autopay off',
        description: `SPEC §4 Autopay "cancel": no further charges; one announced or waiting for its retry is not made. 422 \`not-active\` when it is already off. ${NEEDS}`,
        params: AutopayParamsSchema,
        response: { 200: AutopayListSchema, ...commandErrors },
      },
    },
    async (request) =>
      onSubscription(request, request.params.id, (tx, context) =>
        cancelAutopay(tx, context, request.params.id),
      ),
  );

  app.post(
    '/v1/Autopay/:id/replace',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payment'],
        summary: 'Pay autopay from another saved method',
        description: `SPEC §4 Autopay "replace (create new, then cancel original)": one transaction with the policy's autopay locked — never two active, never none. The new subscription keeps the terms; a month the original charged is not charged again; a declined charge waiting for its retry is retried from the new method. 422 \`not-active\`, \`not-yours\`, \`card-expired\`, \`same-method\`, \`consent-required\`. ${NEEDS}`,
        params: AutopayParamsSchema,
        body: ReplaceAutopayRequestSchema,
        response: { 201: AutopayListSchema, ...commandErrors },
      },
    },
    async (request, reply) => {
      const list = await onSubscription(request, request.params.id, (tx, context) =>
        replaceAutopay(tx, context, request.params.id, request.body),
      );
      return reply.status(201).send(list);
    },
  );

  app.put(
    '/v1/Autopay/:id/skip-next',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payment'],
        summary: 'Skip the next autopay payment once (or not)',
        description: `Issue 10: \`skip: true\` leaves the billed month of the next run uncharged (autopay goes on the month after); \`skip: false\` charges it after all. 422 \`not-active\`, \`run-in-progress\` (being charged right now). ${NEEDS}`,
        params: AutopayParamsSchema,
        body: SkipNextAutopayRequestSchema,
        response: { 200: AutopayListSchema, ...commandErrors },
      },
    },
    async (request) =>
      onSubscription(request, request.params.id, (tx, context) =>
        skipNextAutopay(tx, context, request.params.id, request.body.skip),
      ),
  );
  done();
};

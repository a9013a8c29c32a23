import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AddBankAccountRequestSchema,
  AddCreditCardRequestSchema,
  HouseholdWalletParamsSchema,
  MakeDefaultRequestSchema,
  ProblemSchema,
  ProblemType,
  UpdateBankAccountRequestSchema,
  WalletIdParamsSchema,
  WalletItemParamsSchema,
  WalletOpenedSchema,
  WalletParamsSchema,
  WalletSchema,
} from '@portal/contracts';
import {
  authorizeBankAccountItem,
  authorizeHouseholdWallet,
  authorizeWallet,
  authorizeWalletById,
  notFound,
} from '../../auth/access';
import { runCommand } from '../../plugins/command';
import { HttpProblem } from '../../plugins/errors';
import { ProcessorTimeout, ProcessorUnavailable, type TokenDescription } from '../../processor/port';
import {
  addBankAccount,
  addCreditCard,
  checkToken,
  makeDefault,
  openWallet,
  removeMethod,
  renameBankAccount,
} from './commands';
import { walletView } from './view';

const ACTION = 'manage-wallet';
const commandErrors = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  422: ProblemSchema,
  503: ProblemSchema,
};

/** What the processor knows of a token; its outage is ours to say (503), never a refusal of the member's. */
async function describe(request: FastifyRequest, token: string): Promise<TokenDescription | null> {
  try {
    return await request.server.processor.describeToken(token);
  } catch (error) {
    if (error instanceof ProcessorUnavailable || error instanceof ProcessorTimeout) {
      request.log.warn({ err: error }, 'payment processor unavailable');
      throw new HttpProblem(
        503,
        ProblemType.unavailable,
        'Payment processor unavailable',
        'The payment processor could not be reached. Try again in a moment.',
      );
    }
    throw error;
  }
}

export const walletRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/v1/Wallet/:referenceId',
    {
      schema: {
        tags: ['wallet'],
        summary: 'The household’s wallet: saved cards and bank accounts (display facts only)',
        description:
          'SPEC §7 `POST v1/Wallet/{referenceId}` ("fetch wallet"), SPEC §3 Wallet. Active items only; no processor token, full card number or full account number ever appears, and the routing number is cut to its last four digits. Each method lists the autopay subscriptions and scheduled payments that pay with it (`usedBy`).',
        params: WalletParamsSchema,
        response: {
          200: WalletSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      const wallet = await authorizeWallet(request, app.database.db, request.params.referenceId);
      const view = await walletView(app.database.db, wallet.id);
      if (!view) throw notFound('wallet');
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'wallet',
        recordIds: [wallet.id],
        actingForHouseholdId: wallet.householdId,
      });
      return view;
    },
  );

  app.post(
    '/v1/Wallet/household/:householdId',
    {
      config: { idempotent: true },
      schema: {
        tags: ['wallet'],
        summary: 'Open the household’s wallet (made on first use)',
        description:
          'A household has no wallet until it saves its first method; this gives its wallet id and reference (SPEC §7 names wallets by both), making the wallet if needed. Needs `Idempotency-Key`; role action `manage-wallet`.',
        params: HouseholdWalletParamsSchema,
        response: { 200: WalletOpenedSchema, ...commandErrors },
      },
    },
    async (request) =>
      runCommand(request, {
        action: ACTION,
        authorize: (db) => authorizeHouseholdWallet(request, db, request.params.householdId),
        householdOf: (ref) => ref.householdId,
        execute: (tx, { ref }) => openWallet(tx, ref.householdId),
      }),
  );

  const addDescription = (what: string) =>
    `SPEC §7 \`POST v1/Wallet/add-${what}/{walletId}\`: \`paymentToken\` is the token the processor’s hosted fields gave the page (the card or account numbers never reach the portal); the processor is asked what it stands for (it must exist, be a ${what.replace('-', ' ')}, and have been made for this caller: another household’s or session’s token answers \`token-unknown\`, docs/decisions/039), and not be a card or account the wallet already holds (\`already-saved\`: the processor’s fingerprint, and for cards the expiry, match an active method). \`isDefault\` makes it the default (the first method saved always is). Refused with 422 and a field code: \`token-unknown\`, \`token-kind\`, \`card-expired\`, \`already-saved\`, \`limit-reached\` (the tenant’s \`wallet.maxPaymentMethods\`), \`method-type-not-accepted\` (\`payments.paymentTypes\`). Needs \`Idempotency-Key\`; role action \`manage-wallet\`. Answers the wallet as it now is.`;

  app.post(
    '/v1/Wallet/add-credit-card/:walletId',
    {
      config: { idempotent: true },
      schema: {
        tags: ['wallet'],
        summary: 'Save a card (a hosted-fields token) in the wallet',
        description: addDescription('credit-card'),
        params: WalletIdParamsSchema,
        body: AddCreditCardRequestSchema,
        response: { 201: WalletSchema, ...commandErrors },
      },
    },
    async (request, reply) => {
      const wallet = await runCommand(request, {
        action: ACTION,
        authorize: async (db) => {
          const ref = await authorizeWalletById(request, db, request.params.walletId);
          return { wallet: ref, description: await describe(request, request.body.paymentToken) };
        },
        householdOf: (ref) => ref.wallet.householdId,
        execute: (tx, { principal, ref }) =>
          addCreditCard(
            tx,
            {
              wallet: ref.wallet,
              description: checkToken(ref.description, 'card', principal),
              account: app.tenant.account,
              today: app.today(),
            },
            request.body,
          ),
      });
      return reply.status(201).send(wallet);
    },
  );

  app.post(
    '/v1/Wallet/add-bank-account/:walletId',
    {
      config: { idempotent: true },
      schema: {
        tags: ['wallet'],
        summary: 'Save a bank account (a hosted-fields token) in the wallet',
        description: addDescription('bank-account'),
        params: WalletIdParamsSchema,
        body: AddBankAccountRequestSchema,
        response: { 201: WalletSchema, ...commandErrors },
      },
    },
    async (request, reply) => {
      const wallet = await runCommand(request, {
        action: ACTION,
        authorize: async (db) => {
          const ref = await authorizeWalletById(request, db, request.params.walletId);
          return { wallet: ref, description: await describe(request, request.body.paymentToken) };
        },
        householdOf: (ref) => ref.wallet.householdId,
        execute: (tx, { principal, ref }) =>
          addBankAccount(
            tx,
            {
              wallet: ref.wallet,
              description: checkToken(ref.description, 'bankAccount', principal),
              account: app.tenant.account,
              today: app.today(),
            },
            request.body,
          ),
      });
      return reply.status(201).send(wallet);
    },
  );

  for (const [path, kind] of [
    ['remove-credit-card', 'card'],
    ['remove-bank-account', 'bankAccount'],
  ] as const) {
    app.put(
      `/v1/Wallet/${path}/:walletId/:id`,
      {
        config: { idempotent: true },
        schema: {
          tags: ['wallet'],
          summary:
            kind === 'card' ? 'Remove a card from the wallet' : 'Remove a bank account from the wallet',
          description: `SPEC §7 \`PUT v1/Wallet/${path}/{walletId}/{id}\` (SPEC §4 Wallet "remove"). A method that an active autopay subscription or a scheduled payment pays with is refused with 422 \`method-in-use\` (params \`autopay\`, \`scheduled\`: how many); the wallet lists them per method (\`usedBy\`). Removing the default leaves the wallet without one. Needs \`Idempotency-Key\`; role action \`manage-wallet\`.`,
          params: WalletItemParamsSchema,
          response: { 200: WalletSchema, ...commandErrors },
        },
      },
      async (request) =>
        runCommand(request, {
          action: ACTION,
          authorize: (db) => authorizeWalletById(request, db, request.params.walletId),
          householdOf: (ref) => ref.householdId,
          execute: (tx, { ref }) => removeMethod(tx, ref, kind, request.params.id),
        }),
    );
  }

  app.put(
    '/v1/Wallet/make-default/:walletId',
    {
      config: { idempotent: true },
      schema: {
        tags: ['wallet'],
        summary: 'Make a saved method the wallet’s default',
        description:
          'SPEC §7 `PUT v1/Wallet/make-default/{walletId}` (`isDefault: true`, `paymentToken`). The browser never sees a saved method’s processor token, so the method is named by its wallet item id in `itemId` instead of `paymentToken`. Needs `Idempotency-Key`; role action `manage-wallet`.',
        params: WalletIdParamsSchema,
        body: MakeDefaultRequestSchema,
        response: { 200: WalletSchema, ...commandErrors },
      },
    },
    async (request) =>
      runCommand(request, {
        action: ACTION,
        authorize: (db) => authorizeWalletById(request, db, request.params.walletId),
        householdOf: (ref) => ref.householdId,
        execute: (tx, { ref }) => makeDefault(tx, ref, request.body.itemId),
      }),
  );

  app.put(
    '/v1/Wallet/update-bank-account',
    {
      config: { idempotent: true },
      schema: {
        tags: ['wallet'],
        summary: 'Rename a bank account and update its holder details',
        description:
          'SPEC §7 `PUT v1/Wallet/update-bank-account` (`token`, `nickname`, `accountHolderName`, `accountHolderAddress`, `email`). The account is named by its wallet item id in `itemId` instead of its processor token, which never reaches the browser. The routing and account numbers cannot change: save a new account instead. Needs `Idempotency-Key`; role action `manage-wallet`.',
        body: UpdateBankAccountRequestSchema,
        response: { 200: WalletSchema, ...commandErrors },
      },
    },
    async (request) =>
      runCommand(request, {
        action: ACTION,
        authorize: (db) => authorizeBankAccountItem(request, db, request.body.itemId),
        householdOf: (ref) => ref.householdId,
        execute: (tx, { ref }) => renameBankAccount(tx, ref, request.body),
      }),
  );
  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ProblemSchema, WalletParamsSchema, WalletSchema } from '@portal/contracts';
import { authorizeWallet, notFound } from '../../auth/access';
import { walletView } from './service';

export const walletRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/v1/Wallet/:referenceId',
    {
      schema: {
        tags: ['wallet'],
        summary: 'The household’s wallet: saved cards and bank accounts (display facts only)',
        description:
          'SPEC §7 `POST v1/Wallet/{referenceId}` ("fetch wallet"), SPEC §3 Wallet. Active items only; no processor token, full card number or full account number ever appears, and the routing number is cut to its last four digits.',
        params: WalletParamsSchema,
        response: { 200: WalletSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
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
  done();
};

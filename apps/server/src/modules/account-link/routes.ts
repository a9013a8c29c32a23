import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_NOT_FOUND_PROBLEM,
  LinkAccountRequestSchema,
  LinkAccountResponseSchema,
  ProblemSchema,
  ProblemType,
} from '@portal/contracts';
import { HttpProblem } from '../../plugins/errors';
import { GuestAccess } from '../guest/service';
import { linkAccount } from './service';

/** Issue 12, SPEC §2 account/home/link-account: a signed-in member links their account to their member record. */
export const accountLinkRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const access = new GuestAccess(app.database.db, app.identity.portalSessions, app.tenant.roles.guestRole);

  app.post(
    '/v1/account/link',
    {
      schema: {
        tags: ['session'],
        summary: 'Link my account to my member record',
        description:
          'For a member signed in with an account not linked to any member (role action `link-account`). The subscriber’s member ID (exchange subscriber ID or policy number), date of birth and the tenant’s searchable field (`linkAccount.searchableField`: `ssn`, compared by its last four digits, or `zipCode`). Wrong facts and an unknown member get the same 404 body as locate-account, after the same minimum time. Failures are limited per signed-in account (10 on one household, 30 in all), per household from all accounts (20) and, looser, per address (100): 429 over them, an hour; one member’s failures never refuse another member behind the same address (docs/decisions/028). 409 `account-already-linked` / `member-already-linked`. The next session read shows the member’s policies.',
        body: LinkAccountRequestSchema,
        response: {
          200: LinkAccountResponseSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          429: ProblemSchema,
        },
      },
      bodyLimit: 4 * 1024,
    },
    async (request, reply) => {
      const outcome = await linkAccount(request, access, request.body);
      switch (outcome.kind) {
        case 'rate-limited':
          throw new HttpProblem(
            429,
            ProblemType.rateLimited,
            'Too many attempts',
            'Too many unsuccessful attempts. Try again in an hour.',
          );
        case 'not-found':
          // SPEC §8 "not-found style action": the fixed body of locate-account, byte for byte.
          return reply.status(404).type('application/problem+json').send(ACCOUNT_NOT_FOUND_PROBLEM);
        case 'linked':
          // The account now belongs to a member: its callers' next calls see it (docs/decisions/035).
          if (request.principal && 'accountId' in request.principal)
            app.identity.principalCache.forgetAccount(request.principal.accountId);
          return outcome.result;
      }
    },
  );
  done();
};

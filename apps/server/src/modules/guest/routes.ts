import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_NOT_FOUND_PROBLEM,
  LocateAccountRequestSchema,
  LocateAccountResponseSchema,
  ProblemSchema,
  ProblemType,
} from '@portal/contracts';
import { HttpProblem } from '../../plugins/errors';
import { GuestAccess } from './service';

/**
 * SPEC §2 `/payments/locate-account`, exempt from sign-in: a guest finds the account they want to pay
 * and receives a short-lived token scoped to paying it. The answer never tells whether an account exists.
 */
export const guestRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const access = new GuestAccess(app.database.db, app.identity.portalSessions, app.tenant.roles.guestRole);

  app.post(
    '/v1/guest/locate-account',
    {
      schema: {
        tags: ['session'],
        summary: 'Locate an account to pay as a guest',
        description:
          'Member ID (exchange subscriber ID or policy number), the subscriber’s date of birth and home ZIP code. Wrong facts and an unknown account get the same answer. An address is refused after 10 failures on one household (whichever identifier) or 30 in all within an hour; after 10 failures from anywhere, look-ups of that household are slowed down, never locked.',
        body: LocateAccountRequestSchema,
        response: {
          200: LocateAccountResponseSchema,
          400: ProblemSchema,
          404: ProblemSchema,
          429: ProblemSchema,
        },
      },
      bodyLimit: 4 * 1024,
    },
    async (request, reply) => {
      const outcome = await access.locate(request.body, request.ip);
      switch (outcome.kind) {
        case 'rate-limited':
          await request.audit({
            action: 'guest.locate-account',
            outcome: 'denied',
            reason: `rate-limited-${outcome.scope}`,
            actor: { subject: null, role: 'guest' },
          });
          throw new HttpProblem(
            429,
            ProblemType.rateLimited,
            'Too many attempts',
            'Too many unsuccessful attempts. Try again in an hour.',
          );
        case 'not-found':
          await request.audit({
            action: 'guest.locate-account',
            outcome: 'denied',
            reason: 'no-match',
            actor: { subject: null, role: 'guest' },
          });
          // A fixed body (no request id, no instance): byte-identical whatever was wrong.
          return reply.status(404).type('application/problem+json').send(ACCOUNT_NOT_FOUND_PROBLEM);
        case 'located':
          await request.audit({
            action: 'guest.locate-account',
            outcome: 'success',
            recordType: 'policy',
            recordIds: outcome.policyIds,
            actingForHouseholdId: outcome.householdId,
            actor: { subject: `guest:${outcome.subscriberMemberId}`, role: 'guest' },
          });
          // The guest session is a cookie naming a server-side session (docs/decisions/050): no token in the answer.
          await app.webSessions.startPortalSession(reply, {
            type: 'guest',
            subject: `guest:${outcome.subscriberMemberId}`,
            token: outcome.token,
            expiresAt: outcome.expiresAt,
          });
          return { expiresAt: outcome.expiresAt.toISOString() };
      }
    },
  );
  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProblemSchema, SessionInfoSchema, type SessionInfo } from '@portal/contracts';
import { rolePermissions } from '@portal/domain';
import { accountNames } from '../../auth/accounts';
import { canSearchMembers, requirePrincipal } from '../../auth/access';
import { actionsOf } from '../../auth/actions';
import { sessionView } from '../acting-session/service';
import { householdLanguage } from '../paperless/service';

/** The signed-in caller: who they are to the API, and signing out of portal-issued sessions. */
export const sessionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/session',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in caller',
        description:
          'Kind of caller, roles and permissions (from role-config), and the ids their access is scoped to. Staff who may act for members also get `actingSession`: the acting session under way (whom, why, until when), or null (decision 043).',
        response: { 200: SessionInfoSchema, 401: ProblemSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const base: SessionInfo = {
        kind: principal.kind,
        roles: principal.roles,
        permissions: rolePermissions(principal.roles, app.tenant.roles),
        actions: actionsOf(request, principal),
        displayName: null,
        username: null,
        householdId: null,
        memberId: null,
        brokerId: null,
        policyIds: [],
        onlyPcp: null,
        languagePreference: null,
        bindingSubscriberId: null,
        today: app.today(),
      };
      switch (principal.kind) {
        case 'member':
        case 'staff':
        case 'broker': {
          const account = await accountNames(app.database.db, principal.accountId);
          const displayName = [account?.givenName, account?.familyName].filter(Boolean).join(' ') || null;
          // Issue 11: a member's preferred language is their household's (demographics).
          const preferredLanguage =
            principal.kind === 'member' && principal.householdId !== null
              ? await householdLanguage(app.database.db, principal.householdId)
              : null;
          // Staff who act for members: the acting session under way (decision 043), read afresh on each call.
          const actingSession = canSearchMembers(principal)
            ? principal.acting === null
              ? null
              : await sessionView(
                  app.database.db,
                  principal.acting.sessionId,
                  app.tenant.account.session.actingIdleSeconds,
                )
            : undefined;
          return {
            ...base,
            displayName,
            username: account?.username ?? null,
            ...(actingSession === undefined ? {} : { actingSession }),
            ...(principal.kind === 'member'
              ? { householdId: principal.householdId, memberId: principal.memberId, preferredLanguage }
              : {}),
            ...(principal.kind === 'broker' ? { brokerId: principal.brokerId } : {}),
          };
        }
        case 'guest':
          return { ...base, householdId: principal.householdId, policyIds: principal.policyIds };
        case 'asserted':
          return {
            ...base,
            policyIds: principal.policyIds,
            brokerId: principal.brokerId,
            onlyPcp: principal.onlyPcp,
            languagePreference: principal.languagePreference,
            bindingSubscriberId: principal.bindingSubscriberId,
          };
      }
    },
  );

  app.post(
    '/v1/session/logout',
    {
      schema: {
        tags: ['session'],
        summary: 'End a guest or asserted session',
        description:
          'Revokes the portal-issued session behind the token at once. Members and staff sign out at their identity provider (end-session), which revokes their grant.',
        response: { 204: z.null(), 401: ProblemSchema },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (principal.kind === 'guest' || principal.kind === 'asserted') {
        await app.identity.portalSessions.revoke(principal.sessionId);
      }
      await request.audit({ action: 'auth.sign-out', outcome: 'success' });
      return reply.status(204).send(null);
    },
  );
  done();
};

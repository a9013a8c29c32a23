import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ConnectedAppsSchema,
  DisconnectAppRequestSchema,
  DisconnectAppResponseSchema,
  ProblemSchema,
  type ConnectedApps,
} from '@portal/contracts';
import { forbidden, requirePrincipal } from '../../auth/access';
import type { MemberPrincipal, Principal } from '../../auth/principal';
import { appGrantsOf, removeAppGrants } from '../../idp/connected-apps';
import { runCommand } from '../../plugins/command';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  422: ProblemSchema,
};

export const MANAGE_CONNECTED_APPS = 'manage-connected-apps';

/**
 * Issue 37 (docs/decisions/054): the apps a member connected to their records through SMART on FHIR,
 * and disconnecting one. A member's own, signed in with their own account: nobody else lists or
 * disconnects a member's apps (staff acting for a member included; they may tell the member how).
 */
export const connectedAppsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const registered = () =>
    new Map(app.tenant.account.smartApps.map((smartApp) => [smartApp.clientId, smartApp]));

  app.get(
    '/v1/account/connected-apps',
    {
      schema: {
        tags: ['account'],
        summary: 'The apps the member connected (SMART on FHIR)',
        description:
          'Issue 37: each registered app the signed-in member allowed to read their information through the FHIR API, with what it may read and until when. The member’s own account only.',
        response: { 200: ConnectedAppsSchema, ...problems },
      },
    },
    async (request): Promise<ConnectedApps> => {
      const principal = requirePrincipal(request);
      if (principal.kind !== 'member') {
        await request.audit({
          action: 'access',
          outcome: 'denied',
          reason: 'not-a-member',
          recordType: 'smart-app',
        });
        throw forbidden();
      }
      const apps = registered();
      const grants = await appGrantsOf(db, principal.accountId, [...apps.keys()]);
      const byApp = new Map<string, (typeof grants)[number]>();
      for (const grant of grants) if (!byApp.has(grant.clientId)) byApp.set(grant.clientId, grant);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'smart-app',
        recordIds: [...byApp.keys()],
        actingForHouseholdId: principal.householdId,
      });
      return {
        apps: [...byApp.values()].flatMap((grant) => {
          const registeredApp = apps.get(grant.clientId);
          if (!registeredApp) return [];
          return [
            {
              clientId: grant.clientId,
              name: registeredApp.name,
              publisher: registeredApp.publisher,
              scopes: grant.scopes,
              connectedAt: grant.connectedAt.toISOString(),
              expiresAt: grant.expiresAt ? grant.expiresAt.toISOString() : null,
            },
          ];
        }),
      };
    },
  );

  app.post(
    '/v1/account/connected-apps/disconnect',
    {
      config: { idempotent: true },
      schema: {
        tags: ['account'],
        summary: 'Disconnect an app',
        description:
          'Issue 37: the member withdraws an app’s permission: its grant and every token it holds end at once, and the FHIR server refuses its next call. Disconnecting an app that is not connected is no error (`disconnected: false`). Requires `Idempotency-Key`.',
        body: DisconnectAppRequestSchema,
        response: { 200: DisconnectAppResponseSchema, ...problems },
      },
    },
    async (request) => {
      const { clientId } = request.body;
      return runCommand(request, {
        action: MANAGE_CONNECTED_APPS,
        authorize: async (_db, principal: Principal): Promise<MemberPrincipal> => {
          if (principal.kind === 'member') return principal;
          await request.audit({
            action: 'access',
            outcome: 'denied',
            reason: 'not-a-member',
            recordType: 'smart-app',
            recordIds: [clientId.slice(0, 64)],
          });
          throw forbidden();
        },
        householdOf: (member) => member.householdId,
        notifyMember: false,
        execute: async (tx, { ref: member }) => {
          const removed = await removeAppGrants(tx, member.accountId, clientId);
          return {
            result: { clientId, disconnected: removed.length > 0 },
            audit: { action: 'smart.disconnect', recordType: 'smart-app', recordIds: [clientId] },
          };
        },
      });
    },
  );
  done();
};

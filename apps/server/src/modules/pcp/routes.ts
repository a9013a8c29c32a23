import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  PcpOverviewSchema,
  PolicyParamsSchema,
  ProblemSchema,
  ProblemType,
  ProviderSearchQuerySchema,
  ProviderSearchResponseSchema,
  SelectPcpRequestSchema,
  SelectPcpResponseSchema,
} from '@portal/contracts';
import { isRouteAllowedForRoles, PCP_SELECT_ROUTE } from '@portal/domain';
import { authorizePolicy, requirePrincipal } from '../../auth/access';
import { HttpProblem } from '../../plugins/errors';
import { selectPcp } from './commands';
import type { ProviderDirectory } from './directory';
import { pcpOverview, searchProviders } from './service';

const readErrors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/** Issue 12, SPEC §2 /admin/pcp-select: the provider directory and each member's primary care provider. */
export const pcpRoutes: FastifyPluginCallbackZod<{ directory: ProviderDirectory }> = (app, options, done) => {
  const { directory } = options;

  app.get(
    '/v1/providers',
    {
      schema: {
        tags: ['pcp'],
        summary: 'Search the directory of primary care providers',
        description:
          'Issue 12. Every criterion optional: `name` (start of the first or last name or of a word of the practice, accents ignored), `specialty`, `language` (BCP 47), `network` (the plan’s, from `GET /api/v1/Policy/{policyId}/pcp`), `acceptingNewPatients`, and `zipCode` — the nearest first, within `radiusMiles` (5, 10, 25 or 50) when given; 422 `zip-unknown`. Paginated (`page`, `pageSize` up to 50). Public directory facts only, so any signed-in caller may search.',
        querystring: ProviderSearchQuerySchema,
        response: {
          200: ProviderSearchResponseSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (request) => {
      requirePrincipal(request);
      return searchProviders(directory, request.query);
    },
  );

  app.get(
    '/v1/Policy/:policyId/pcp',
    {
      schema: {
        tags: ['pcp'],
        summary: 'The policy’s members and their primary care provider',
        description:
          'Issue 12. The members covered now or from a coming date, each with the PCP on record and a choice under review; whether they choose one here (SPEC §4: selection enabled, the plan type whitelisted, the assertion’s OnlyPCP not false), the plan’s network, and whether a choice applies at once. Needs the page in the caller’s role routes (403, audited) and the policy.',
        params: PolicyParamsSchema,
        response: { 200: PcpOverviewSchema, ...readErrors },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { policyId } = request.params;
      if (!isRouteAllowedForRoles(PCP_SELECT_ROUTE, principal.roles, app.tenant.roles)) {
        await request.audit({
          action: 'access',
          outcome: 'denied',
          reason: 'page-not-granted',
          recordType: 'policy',
          recordIds: [policyId],
        });
        throw new HttpProblem(403, ProblemType.forbidden, 'Not allowed', 'Your role may not see this page.');
      }
      const ref = await authorizePolicy(request, app.database.db, policyId);
      const overview = await pcpOverview(app.database.db, ref.id, {
        today: app.today(),
        account: app.tenant.account,
        directory,
        principal,
      });
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'pcp',
        recordIds: [ref.id],
        actingForHouseholdId: ref.householdId,
      });
      return overview;
    },
  );

  app.post(
    '/v1/Policy/:policyId/pcp',
    {
      config: { idempotent: true },
      schema: {
        tags: ['pcp'],
        summary: 'Choose a primary care provider for members of the policy',
        description:
          'Issue 12. A `pcp` service request naming a provider (by NPI) for each member given; completed at once when the tenant’s `pcp.changesApplyAtOnce` is on, else reviewed by staff. Refused with 422 and a field code: `pcp-not-offered`, `no-household`, `request-pending` (param `reference`); per choice `not-a-member`, `provider-unknown`, `provider-not-in-network` (param `network`), `specialty-not-for-age` (params `specialty`, `age`), `pcp-unchanged`, `provider-not-accepting`. Needs `Idempotency-Key`; role action `select-pcp`.',
        params: PolicyParamsSchema,
        body: SelectPcpRequestSchema,
        response: { 201: SelectPcpResponseSchema, ...readErrors, 409: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await selectPcp(request, request.params.policyId, request.body, directory)),
  );
  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ChangeCoverageDatesRequestSchema,
  ChangePlanRequestSchema,
  CoverageDateOptionsSchema,
  CoverageDetailsSchema,
  EndCoverageOptionsSchema,
  EndCoverageRequestSchema,
  PlanChoicesSchema,
  PolicyParamsSchema,
  ProblemSchema,
  ProblemType,
  ServiceRequestSchema,
} from '@portal/contracts';
import { isRouteAllowedForRoles } from '@portal/domain';
import { authorizePolicy, notFound, requirePrincipal } from '../../auth/access';
import { HttpProblem } from '../../plugins/errors';
import { changeCoverageDates, changePlan, endCoverage } from './commands';
import { loadCoverageBundle, type CoverageBundle } from './repository';
import {
  coverageDateOptionsView,
  coverageDetailsView,
  endCoverageOptionsView,
  planChoicesView,
  type CoverageRules,
} from './service';

const readErrors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const commandErrors = { ...readErrors, 409: ProblemSchema, 422: ProblemSchema };

/** The pages these reads serve (SPEC §2): a role reads them only if role-config opens the page (SPEC §6). */
const PAGES = {
  coverageDetails: '/admin/policy-selection/coverage-details',
  endCoverage: '/admin/policy-selection/coverage-details/end-coverage',
  coverageDates: '/admin/policy-selection/coverage-details/change-dates',
  changePlan: '/admin/policy-selection/change-plan',
} as const;

const COMMAND_RULES =
  'Refused with 422 and a field code (see modules/policy-coverage/commands.ts): `report-to-exchange` (an on-exchange policy: report it at the exchange), `no-household`, `request-pending` (param `reference`), `reason-not-allowed` or the reason’s condition (`coverage-ended`, `group-election`, `already-started`, `window-passed`, `no-end-date`, `no-date-left`), `note-needed`, and the date’s (`not-end-of-month`, `not-first-of-month`, `date-before-earliest`, `date-after-latest` with params `earliest`, `latest`; `date-crosses-other-end`, `date-unchanged`).';

/**
 * SPEC §6 "Coverage details needs role-based access control": the caller's roles must open the page the
 * read serves (role-config routes; guests are given none of these) — 403, audited — and then the policy
 * must be theirs (auth/access).
 */
async function authorizeRead(
  request: FastifyRequest,
  page: string,
  policyId: string,
): Promise<{ roles: string[]; bundle: CoverageBundle; householdId: string | null }> {
  const principal = requirePrincipal(request);
  if (!isRouteAllowedForRoles(page, principal.roles, request.server.tenant.roles)) {
    await request.audit({
      action: 'access',
      outcome: 'denied',
      reason: 'page-not-granted',
      recordType: 'policy',
      recordIds: [policyId],
    });
    throw new HttpProblem(403, ProblemType.forbidden, 'Not allowed', 'Your role may not see this page.');
  }
  const ref = await authorizePolicy(request, request.server.database.db, policyId);
  const bundle = await loadCoverageBundle(request.server.database.db, ref.id);
  if (!bundle) throw notFound('policy');
  return { roles: principal.roles, bundle, householdId: ref.householdId };
}

export const coverageRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const rules = (): CoverageRules => ({
    today: app.today(),
    account: app.tenant.account,
    roles: app.tenant.roles,
  });
  const audited = async (
    request: FastifyRequest,
    recordType: string,
    recordIds: string[],
    householdId: string | null,
  ) =>
    request.audit({
      action: 'read',
      outcome: 'success',
      recordType,
      recordIds,
      actingForHouseholdId: householdId,
    });

  app.get(
    '/v1/Policy/:policyId/coverage-details',
    {
      schema: {
        tags: ['coverage'],
        summary: 'A policy’s coverage spans with their members, plans, status and amounts',
        description:
          'SPEC §3 CoverageDetail, newest first: dates, plan, Effectuated / Not Effectuated, cancelled spans marked, the members each covers. SPEC §6: the amounts are sent in the groups the caller’s roles may see (role-config `coverageDetailAmounts`: `premium` — premium and policy rate; `subsidies` — tax credit, CSR, other subsidy or employer contribution, HRA and the member’s share); a group the roles do not give is null, and `visibleAmounts` says which. Needs the page in the caller’s role routes.',
        params: PolicyParamsSchema,
        response: { 200: CoverageDetailsSchema, ...readErrors },
      },
    },
    async (request) => {
      const { roles, bundle, householdId } = await authorizeRead(
        request,
        PAGES.coverageDetails,
        request.params.policyId,
      );
      const view = coverageDetailsView(bundle, roles, rules());
      await audited(
        request,
        'coverage-detail',
        [`policy:${bundle.policy.id}`, ...view.spans.map((span) => span.id)],
        householdId,
      );
      return view;
    },
  );

  app.get(
    '/v1/Policy/:policyId/end-coverage',
    {
      schema: {
        tags: ['coverage'],
        summary: 'What ending this policy’s coverage allows: reasons, dates, members, payments',
        description:
          'SPEC §5 "End-coverage reasons per role are restricted by conditions": the reasons the caller’s roles give (role-config `endCoverageReasons`), each with its condition on this policy (`unavailable`) and its dates (`dateRule`, `window`); the members whose coverage would end; the autopay and scheduled payments it touches; `route` `exchange` for an on-exchange policy (reported there).',
        params: PolicyParamsSchema,
        response: { 200: EndCoverageOptionsSchema, ...readErrors },
      },
    },
    async (request) => {
      const { roles, bundle, householdId } = await authorizeRead(
        request,
        PAGES.endCoverage,
        request.params.policyId,
      );
      const view = await endCoverageOptionsView(app.database.db, bundle, roles, rules());
      await audited(request, 'end-coverage-options', [`policy:${bundle.policy.id}`], householdId);
      return view;
    },
  );

  app.post(
    '/v1/Policy/:policyId/end-coverage',
    {
      config: { idempotent: true },
      schema: {
        tags: ['coverage'],
        summary: 'Ask to end the policy’s coverage',
        description: `Issue 11 (SPEC §1 "end coverage"): a service request \`end-coverage\` that staff review. ${COMMAND_RULES} Needs \`Idempotency-Key\`; role action \`end-coverage\`. Answers the request.`,
        params: PolicyParamsSchema,
        body: EndCoverageRequestSchema,
        response: { 201: ServiceRequestSchema, ...commandErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await endCoverage(request, request.params.policyId, request.body)),
  );

  app.get(
    '/v1/Policy/:policyId/coverage-dates',
    {
      schema: {
        tags: ['coverage'],
        summary: 'What changing this policy’s coverage dates allows',
        description:
          'The reasons the caller’s roles give (role-config `coverageDateReasons`), each with its condition and dates; `route` `exchange` for an on-exchange policy.',
        params: PolicyParamsSchema,
        response: { 200: CoverageDateOptionsSchema, ...readErrors },
      },
    },
    async (request) => {
      const { roles, bundle, householdId } = await authorizeRead(
        request,
        PAGES.coverageDates,
        request.params.policyId,
      );
      const view = coverageDateOptionsView(bundle, roles, rules());
      await audited(request, 'coverage-date-options', [`policy:${bundle.policy.id}`], householdId);
      return view;
    },
  );

  app.post(
    '/v1/Policy/:policyId/coverage-dates',
    {
      config: { idempotent: true },
      schema: {
        tags: ['coverage'],
        summary: 'Ask for a different coverage start or end date',
        description: `Issue 11: a service request \`change-coverage-dates\` that staff review; \`which\` only for a correction. ${COMMAND_RULES} Needs \`Idempotency-Key\`; role action \`change-coverage-dates\`. Answers the request.`,
        params: PolicyParamsSchema,
        body: ChangeCoverageDatesRequestSchema,
        response: { 201: ServiceRequestSchema, ...commandErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await changeCoverageDates(request, request.params.policyId, request.body)),
  );

  app.get(
    '/v1/Policy/:policyId/plan-choices',
    {
      schema: {
        tags: ['coverage'],
        summary: 'The plans this policy may move to, beside its current plan',
        description:
          'SPEC §3 Policy eligiblePlans (this plan year, from the first of next month) and eligibleRenewalPlans (next year, from January 1, once open enrolment started): same line of coverage, market and channel, one variant per plan, catastrophic only for members under 30 (packages/domain plan-change.ts). Premiums are estimated for the policy’s people from what they pay now, and after the tax credit they get now; amounts follow SPEC §6 like coverage details.',
        params: PolicyParamsSchema,
        response: { 200: PlanChoicesSchema, ...readErrors },
      },
    },
    async (request) => {
      const { roles, bundle, householdId } = await authorizeRead(
        request,
        PAGES.changePlan,
        request.params.policyId,
      );
      const view = await planChoicesView(app.database.db, bundle, roles, rules());
      await audited(request, 'plan-choices', [`policy:${bundle.policy.id}`], householdId);
      return view;
    },
  );

  app.post(
    '/v1/Policy/:policyId/change-plan',
    {
      config: { idempotent: true },
      schema: {
        tags: ['coverage'],
        summary: 'Ask to move to another plan',
        description: `Issue 11: a service request \`change-plan\` that staff review, effective the first of next month (or January 1 for a renewal plan). Outside open enrolment, this year’s plans need a qualifying life event in the last 60 days. Also \`plan-not-eligible\`, \`event-needed\`, \`event-date-needed\`. ${COMMAND_RULES} The member cancels it with PUT /api/v1/ServiceRequest/{id}/cancel. Needs \`Idempotency-Key\`; role action \`change-plan\`.`,
        params: PolicyParamsSchema,
        body: ChangePlanRequestSchema,
        response: { 201: ServiceRequestSchema, ...commandErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await changePlan(request, request.params.policyId, request.body)),
  );
  done();
};

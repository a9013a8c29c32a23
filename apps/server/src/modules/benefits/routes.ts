import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BenefitsPdfQuerySchema,
  IdCardPdfQuerySchema,
  IdCardsSchema,
  PlanParamsSchema,
  PolicyBenefitsSchema,
  PolicyParamsSchema,
  ProblemSchema,
  ProblemType,
} from '@portal/contracts';
import { isRouteAllowedForRoles } from '@portal/domain';
import { authorizePolicy, notFound, requirePrincipal } from '../../auth/access';
import type { Branding } from '../../pdf/branding';
import { HttpProblem } from '../../plugins/errors';
import { renderIdCardPdf } from './pdf/render-id-card';
import { renderSbcPdf, type RenderedPdf } from './pdf/render-sbc';
import type { BenefitsBundle } from './repository';
import { benefitsBundle, idCards, planBenefits, policyBenefits, shownPlan } from './service';

export interface BenefitsRoutesOptions {
  branding: Branding;
}

/** The pages these reads serve (SPEC §2): a role reads them only if role-config opens the page (SPEC §6). */
const PAGES = {
  benefits: '/admin/policy-selection/view-benefits',
  idCard: '/account-overview/id-card',
} as const;

const readErrors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const pdfResponse = {
  200: z.string().meta({ description: 'The PDF (application/pdf)', format: 'binary' }),
  ...readErrors,
};

/**
 * The caller's roles must open the page the read serves (guests, who located an account to pay, are
 * given neither page) — 403, audited — and the policy must be theirs (auth/access: another household's
 * policy is refused and audited there).
 */
async function authorizeRead(
  request: FastifyRequest,
  page: string,
  policyId: string,
): Promise<{ bundle: BenefitsBundle; householdId: string | null }> {
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
  const bundle = await benefitsBundle(request.server.database.db, ref.id);
  if (!bundle) throw notFound('policy');
  return { bundle, householdId: ref.householdId };
}

function sendPdf(reply: FastifyReply, rendered: RenderedPdf, download: boolean): FastifyReply {
  return (
    reply
      .type('application/pdf')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename="${rendered.filename}"`)
      // A Buffer goes out as it is (Fastify does not serialize it); the schema documents it.
      .send(rendered.bytes)
  );
}

export const benefitsRoutes: FastifyPluginCallbackZod<BenefitsRoutesOptions> = (app, options, done) => {
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
    '/v1/Policy/:policyId/benefits',
    {
      schema: {
        tags: ['benefits'],
        summary: 'What the policy’s plans cover and what the member pays',
        description:
          'Issue 12, SPEC §2 /admin/policy-selection/view-benefits, §3 Plan benefit keys (plan name, SBC, out-of-pocket maximum, deductible, drugs covered) and the plan design: each cost in network and out of network as cents or a percentage. The plans of the span covering today and of spans starting later (one per plan); for ended coverage, the last. `spending` (deductible and out-of-pocket maximum used this year) is null: the portal holds no claims. Needs the page in the caller’s role routes.',
        params: PolicyParamsSchema,
        response: { 200: PolicyBenefitsSchema, ...readErrors },
      },
    },
    async (request) => {
      const { bundle, householdId } = await authorizeRead(request, PAGES.benefits, request.params.policyId);
      const view = policyBenefits(bundle, app.today());
      await audited(
        request,
        'plan-benefits',
        [`policy:${bundle.policy.id}`, ...view.plans.map((plan) => plan.planId)],
        householdId,
      );
      return view;
    },
  );

  app.get(
    '/v1/Policy/:policyId/benefits/:planId/sbc.pdf',
    {
      schema: {
        tags: ['benefits'],
        summary: 'A plan’s Summary of Benefits and Coverage as a tagged PDF',
        description:
          'Issue 12, SPEC §3 Plan "sbc url", docs/decisions/017: for a plan the policy shows that publishes no SBC of its own (`sbcUrl` empty), the federal template’s questions answered from the plan design on file, in English, Spanish or Portuguese (`lang`, default the household’s language). 404 for another plan, or one whose SBC is published elsewhere. Same access rule and audit as the benefits; never cached.',
        params: PlanParamsSchema,
        querystring: BenefitsPdfQuerySchema,
        produces: ['application/pdf'],
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const { bundle, householdId } = await authorizeRead(request, PAGES.benefits, request.params.policyId);
      const shown = shownPlan(bundle, request.params.planId, app.today());
      if (!shown || shown.plan.sbcUrl) throw notFound('plan');
      const plan = planBenefits(shown.span, shown.plan, app.today());
      const rendered = await renderSbcPdf(
        plan,
        options.branding,
        request.query.lang ?? bundle.language,
        app.tenant.account.idCard.providerPhone,
      );
      await audited(request, 'plan-benefits', [`policy:${bundle.policy.id}`, plan.planId], householdId);
      return sendPdf(reply, rendered, request.query.download);
    },
  );

  app.get(
    '/v1/Policy/:policyId/id-cards',
    {
      schema: {
        tags: ['benefits'],
        summary: 'The policy’s member ID cards: one per covered member',
        description:
          'Issue 12, /account-overview/id-card: member name and ID (with its QR code as rows of modules), subscriber id, group or policy number, plan, metal level, network, issuer HIOS id and payer id, pharmacy BIN/PCN/group, copays, the in-network and out-of-network deductible and out-of-pocket maximum (No Surprises Act), phone numbers. Members covered today or from a coming date; none when the coverage has ended. Needs the page in the caller’s role routes.',
        params: PolicyParamsSchema,
        response: { 200: IdCardsSchema, ...readErrors },
      },
    },
    async (request) => {
      const { bundle, householdId } = await authorizeRead(request, PAGES.idCard, request.params.policyId);
      const view = idCards(bundle, app.today(), app.tenant.account);
      if (!view) throw notFound('policy');
      await audited(
        request,
        'id-card',
        [`policy:${bundle.policy.id}`, ...view.cards.map((card) => card.memberId)],
        householdId,
      );
      return view;
    },
  );

  app.get(
    '/v1/Policy/:policyId/id-cards.pdf',
    {
      schema: {
        tags: ['benefits'],
        summary: 'The member ID cards as a tagged PDF to print',
        description:
          'Issue 12, docs/decisions/017 and 026: each covered member’s card, front and back at wallet size, every fact as text and the QR code a figure with alternative text; one member’s card with `memberId`. In English, Spanish or Portuguese (`lang`, default the household’s language). Same access rule and audit as the cards; never cached.',
        params: PolicyParamsSchema,
        querystring: IdCardPdfQuerySchema,
        produces: ['application/pdf'],
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const { bundle, householdId } = await authorizeRead(request, PAGES.idCard, request.params.policyId);
      const view = idCards(bundle, app.today(), app.tenant.account);
      if (!view) throw notFound('policy');
      const members = request.query.memberId
        ? view.cards.filter((card) => card.memberId === request.query.memberId)
        : view.cards;
      if (request.query.memberId && members.length === 0) throw notFound('member');
      const rendered = await renderIdCardPdf(
        view,
        members,
        options.branding,
        request.query.lang ?? bundle.language,
      );
      await audited(
        request,
        'id-card',
        [`policy:${bundle.policy.id}`, ...members.map((card) => card.memberId)],
        householdId,
      );
      return sendPdf(reply, rendered, request.query.download);
    },
  );
  done();
};

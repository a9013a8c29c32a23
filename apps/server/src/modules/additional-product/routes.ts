import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ATTACHMENT_HARD_LIMIT_BYTES,
  AdditionalProductApplicationSchema,
  HouseholdAdditionalProductsSchema,
  HouseholdParamsSchema,
  ProblemSchema,
  ProblemType,
  ServiceRequestSchema,
} from '@portal/contracts';
import { isRouteAllowedForRoles, UPLOAD_DOCUMENTS_ROUTE } from '@portal/domain';
import { authorizeHousehold, requirePrincipal } from '../../auth/access';
import { HttpProblem } from '../../plugins/errors';
import { applyForProduct } from './commands';
import { householdProducts } from './service';

const readErrors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/** Issue 12, SPEC §2 /admin/additional-products: the tenant's cards for one household, and applying in the portal. */
export const additionalProductRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Household/:householdId/additional-products',
    {
      schema: {
        tags: ['content'],
        summary: 'The additional-product cards as this household sees them',
        description:
          'Issue 12. The tenant’s cards (SPEC §3: name, urlType, iconClass, applyUrl, productType), each `covered` (the household holds that line now), `requested` (an application is open: its reference) or `available`; the household’s people; the first and last start date an application may ask for. Needs the page in the caller’s role routes (403, audited) and the household.',
        params: HouseholdParamsSchema,
        response: { 200: HouseholdAdditionalProductsSchema, ...readErrors },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { householdId } = request.params;
      if (!isRouteAllowedForRoles(UPLOAD_DOCUMENTS_ROUTE, principal.roles, app.tenant.roles)) {
        await request.audit({
          action: 'access',
          outcome: 'denied',
          reason: 'page-not-granted',
          recordType: 'household',
          recordIds: [householdId],
        });
        throw new HttpProblem(403, ProblemType.forbidden, 'Not allowed', 'Your role may not see this page.');
      }
      await authorizeHousehold(request, app.database.db, householdId);
      const view = await householdProducts(app.database.db, householdId, {
        account: app.tenant.account,
        today: app.today(),
      });
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'household',
        recordIds: [householdId],
        actingForHouseholdId: householdId,
      });
      return view;
    },
  );

  app.post(
    '/v1/Household/:householdId/additional-products',
    {
      config: { idempotent: true },
      // The largest file a tenant may allow, in base64, and the rest of the form.
      bodyLimit: Math.ceil(ATTACHMENT_HARD_LIMIT_BYTES / 3) * 4 + 64 * 1024,
      schema: {
        tags: ['content'],
        summary: 'Apply in the portal for an additional product (dental, vision, health)',
        description:
          'Issue 12. For a card whose `urlType` is `internal`: an `additional-product` service request naming the people to cover and the start date (the first of a month, next month to three months ahead), with an optional note and supporting document (PDF, JPEG or PNG, checked by content, up to `serviceRequests.attachmentMaxBytes`). Refused with 422 and a field code: `product-not-offered`, `already-covered`, `request-pending`, `not-a-member`, `not-first-of-month`, `date-before-earliest`, `date-after-latest`, `file-empty`, `file-too-large`, `file-type-not-accepted`. Needs `Idempotency-Key`; role action `apply-additional-products`.',
        params: HouseholdParamsSchema,
        body: AdditionalProductApplicationSchema,
        response: {
          201: ServiceRequestSchema,
          ...readErrors,
          409: ProblemSchema,
          413: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await applyForProduct(request, request.params.householdId, request.body)),
  );
  done();
};

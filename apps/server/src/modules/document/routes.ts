import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  DocumentDetailSchema,
  DocumentListQuerySchema,
  DocumentPageSchema,
  DocumentParamsSchema,
  HouseholdParamsSchema,
  ProblemSchema,
} from '@portal/contracts';
import { authorizeDocument, authorizeHousehold, notFound, requirePrincipal } from '../../auth/access';
import { documentDetail, householdDocuments } from './service';

export const documentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Household/:householdId/documents',
    {
      schema: {
        tags: ['document'],
        summary: 'A household’s invoices, notices and tax forms, newest first, paginated',
        description:
          'SPEC §2 /documents/invoice|notice|tax, DOMAIN "Documents". Portal-visible documents only (SPEC §3 notices `portal`), by document date, newest first. Invoices carry their period, amount due and due date; notices their subtype; tax forms their tax year and form type (1095-A, 1095-B).',
        params: HouseholdParamsSchema,
        querystring: DocumentListQuerySchema,
        response: { 200: DocumentPageSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const { householdId } = request.params;
      await authorizeHousehold(request, app.database.db, householdId);
      const page = await householdDocuments(app.database.db, requirePrincipal(request), householdId, request.query);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'document',
        recordIds: [`household:${householdId}`, ...page.items.map((item) => item.id)],
        actingForHouseholdId: householdId,
      });
      return page;
    },
  );

  app.get(
    '/v1/Document/:documentId',
    {
      schema: {
        tags: ['document'],
        summary: 'One document’s metadata and the facts it is rendered from',
        description: 'DOMAIN "Documents". Access follows the document’s policy (or, for a household notice, its household).',
        params: DocumentParamsSchema,
        response: { 200: DocumentDetailSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const ref = await authorizeDocument(request, app.database.db, request.params.documentId);
      const detail = await documentDetail(app.database.db, ref.id);
      if (!detail) throw notFound('document');
      await request.audit({ action: 'read', outcome: 'success', recordType: 'document', recordIds: [ref.id], actingForHouseholdId: ref.householdId });
      return detail;
    },
  );
  done();
};

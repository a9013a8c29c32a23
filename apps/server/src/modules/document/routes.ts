import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DocumentDetailSchema,
  DocumentListQuerySchema,
  DocumentPageSchema,
  DocumentParamsSchema,
  DocumentPdfQuerySchema,
  HouseholdParamsSchema,
  ProblemSchema,
} from '@portal/contracts';
import { authorizeDocument, authorizeHousehold, notFound, requirePrincipal } from '../../auth/access';
import type { Branding } from '../../pdf/branding';
import { documentContext, renderDocumentPdf } from './pdf';
import { documentById } from './repository';
import { documentDetail, householdDocuments, isShownDocument } from './service';

export interface DocumentRoutesOptions {
  branding: Branding;
}

export const documentRoutes: FastifyPluginCallbackZod<DocumentRoutesOptions> = (app, options, done) => {
  const taxTypes = app.tenant.account.documents.taxDocumentTypes;

  app.get(
    '/v1/Household/:householdId/documents',
    {
      schema: {
        tags: ['document'],
        summary: 'A household’s invoices, notices and tax forms, newest first, paginated',
        description:
          'SPEC §2 /documents/invoice|notice|tax, DOMAIN "Documents". Portal-visible documents only (SPEC §3 notices `portal`), by document date, newest first; filter by type, year and policy. Tax forms are limited to the configured tax document types (SPEC §9). `years` lists the years with documents of that type.',
        params: HouseholdParamsSchema,
        querystring: DocumentListQuerySchema,
        response: {
          200: DocumentPageSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      const { householdId } = request.params;
      await authorizeHousehold(request, app.database.db, householdId);
      const page = await householdDocuments(
        app.database.db,
        requirePrincipal(request),
        householdId,
        request.query,
        taxTypes,
      );
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
        description:
          'DOMAIN "Documents". Access follows the document’s policy (or, for a household notice, its household).',
        params: DocumentParamsSchema,
        response: {
          200: DocumentDetailSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      const ref = await authorizeDocument(request, app.database.db, request.params.documentId);
      const detail = await documentDetail(app.database.db, ref.id);
      if (!detail || !isShownDocument(detail, taxTypes)) throw notFound('document');
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'document',
        recordIds: [ref.id],
        actingForHouseholdId: ref.householdId,
      });
      return detail;
    },
  );

  app.get(
    '/v1/Document/:documentId/pdf',
    {
      schema: {
        tags: ['document'],
        summary: 'The document as a tagged PDF, generated from its stored facts',
        description:
          'DOMAIN "Documents", docs/decisions/017. An accessible (tagged) PDF in English, Spanish or Portuguese (`lang`, default the household’s language) with the issuer’s branding. Same access rule and audit as the document itself; never cached by the browser or a proxy.',
        params: DocumentParamsSchema,
        querystring: DocumentPdfQuerySchema,
        produces: ['application/pdf'],
        response: {
          200: z.string().meta({ description: 'The PDF (application/pdf)', format: 'binary' }),
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const ref = await authorizeDocument(request, db, request.params.documentId);
      const row = await documentById(db, ref.id);
      if (!row || !isShownDocument(row, taxTypes)) throw notFound('document');
      const context = await documentContext(db, row);
      const rendered = await renderDocumentPdf(
        context,
        options.branding,
        request.query.lang ?? context.householdLanguage,
      );
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'document',
        recordIds: [ref.id],
        actingForHouseholdId: ref.householdId,
      });
      return (
        reply
          .type('application/pdf')
          .header('Cache-Control', 'private, no-store')
          .header(
            'Content-Disposition',
            `${request.query.download ? 'attachment' : 'inline'}; filename="${rendered.filename}"`,
          )
          // A Buffer goes out as it is (Fastify does not serialize it); the schema above documents it.
          .send(rendered.bytes as unknown as string)
      );
    },
  );
  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_HARD_LIMIT_BYTES,
  AttachmentParamsSchema,
  CancelServiceRequestSchema,
  GeneralRequestSchema,
  HouseholdParamsSchema,
  ProblemSchema,
  ServiceRequestListQuerySchema,
  ServiceRequestListSchema,
  ServiceRequestParamsSchema,
  ServiceRequestSchema,
} from '@portal/contracts';
import {
  authorizeHouseholdRequests,
  authorizePolicy,
  authorizeServiceRequest,
  notFound,
} from '../../auth/access';
import { cancelServiceRequest, createGeneralRequest } from './commands';
import { attachmentContent } from './repository';
import { serviceRequestList, serviceRequestView } from './service';

const readErrors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const commandErrors = { ...readErrors, 409: ProblemSchema, 413: ProblemSchema, 422: ProblemSchema };

/** Room for the largest attachment in base64 (4 characters per 3 bytes) and the rest of the request. */
const GENERAL_REQUEST_BODY_LIMIT = Math.ceil(ATTACHMENT_HARD_LIMIT_BYTES / 3) * 4 + 64 * 1024;

export const serviceRequestRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Household/:householdId/service-requests',
    {
      schema: {
        tags: ['service-request'],
        summary: 'A household’s service requests, newest first, with their history',
        description:
          'Issue 11 (SPEC §2 /admin/policy-selection/service-requests, /admin/service-requests-alt): every change or question the household asked for, its status (Submitted → InReview → Completed | Rejected; Cancelled by the member while Submitted), what was asked, who asked (member, staff, broker), its history with the notes staff left for the member, and its attachments. Filter by policy and by open (Submitted, InReview) or closed.',
        params: HouseholdParamsSchema,
        querystring: ServiceRequestListQuerySchema,
        response: { 200: ServiceRequestListSchema, ...readErrors },
      },
    },
    async (request) => {
      const { householdId } = request.params;
      const db = app.database.db;
      await authorizeHouseholdRequests(request, db, householdId);
      if (request.query.policyId !== undefined) {
        const policy = await authorizePolicy(request, db, request.query.policyId);
        if (policy.householdId !== householdId) throw notFound('policy');
      }
      const list = await serviceRequestList(db, householdId, {
        policyId: request.query.policyId,
        status: request.query.status,
      });
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'service-request',
        recordIds: [`household:${householdId}`, ...list.items.map((item) => item.id)],
        actingForHouseholdId: householdId,
      });
      return list;
    },
  );

  app.post(
    '/v1/Household/:householdId/service-requests',
    {
      config: { idempotent: true },
      bodyLimit: GENERAL_REQUEST_BODY_LIMIT,
      schema: {
        tags: ['service-request'],
        summary: 'Send a general request in your own words, with an optional file',
        description:
          'Issue 11: a subject and a message, optionally about one of the household’s policies (`policyId`), optionally with one file (`attachment`: PDF, JPEG or PNG, base64; its type is checked by its content; at most the tenant’s `serviceRequests.attachmentMaxBytes`). Refused with 422 and a field code: `file-too-large` (param `maximumMb`), `file-type-not-accepted`, `file-empty`, `not-this-household`. Needs `Idempotency-Key`; role action `create-service-request`.',
        params: HouseholdParamsSchema,
        body: GeneralRequestSchema,
        response: { 201: ServiceRequestSchema, ...commandErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createGeneralRequest(request, request.params.householdId, request.body)),
  );

  app.get(
    '/v1/ServiceRequest/:id',
    {
      schema: {
        tags: ['service-request'],
        summary: 'One service request with its history',
        description: 'Issue 11. Another household’s request answers 404 like an unknown one.',
        params: ServiceRequestParamsSchema,
        response: { 200: ServiceRequestSchema, ...readErrors },
      },
    },
    async (request) => {
      const ref = await authorizeServiceRequest(request, app.database.db, request.params.id);
      const view = await serviceRequestView(app.database.db, ref.householdId, ref.id);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'service-request',
        recordIds: [ref.id],
        actingForHouseholdId: ref.householdId,
      });
      return view;
    },
  );

  app.put(
    '/v1/ServiceRequest/:id/cancel',
    {
      config: { idempotent: true },
      schema: {
        tags: ['service-request'],
        summary: 'Cancel a service request nobody has started on',
        description:
          'Issue 11: only while it is Submitted (422 `not-allowed-now` once staff took it into review or it ended). `version` is the one the member saw: a request that moved since answers 409 `conflict` with its `current` status. Needs `Idempotency-Key`; role action `create-service-request`.',
        params: ServiceRequestParamsSchema,
        body: CancelServiceRequestSchema,
        response: { 200: ServiceRequestSchema, ...commandErrors },
      },
    },
    async (request) => cancelServiceRequest(request, request.params.id, request.body.version),
  );

  app.get(
    '/v1/ServiceRequest/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['service-request'],
        summary: 'A file attached to a service request',
        description:
          'Issue 11. Sent as a download (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`, a sandboxing Content-Security-Policy) with the type its content was parsed as (issue 33).',
        params: AttachmentParamsSchema,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: { 200: z.string().meta({ description: 'The file', format: 'binary' }), ...readErrors },
      },
    },
    async (request, reply) => {
      const ref = await authorizeServiceRequest(request, app.database.db, request.params.id);
      const file = await attachmentContent(app.database.db, ref.id, request.params.attachmentId);
      if (!file) throw notFound('attachment');
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'service-request-attachment',
        recordIds: [file.id],
        actingForHouseholdId: ref.householdId,
      });
      const asciiName = file.fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
      return (
        reply
          .type(file.contentType)
          .header('Cache-Control', 'private, no-store')
          // Issue 33 item 6: a download, never a page. Should a browser render it anyway, no sniffing turns it
          // into another type (helmet sets nosniff on every answer; said here too, for this route's sake) and
          // the sandbox runs no script and reaches nothing.
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "sandbox; default-src 'none'; frame-ancestors 'none'")
          .header(
            'Content-Disposition',
            `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          )
          .send(file.content as unknown as string)
      );
    },
  );
  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ApproveServiceRequestSchema,
  ClaimServiceRequestSchema,
  ProblemSchema,
  RejectServiceRequestSchema,
  ReleaseServiceRequestSchema,
  ServiceQueueDetailSchema,
  ServiceQueuePageSchema,
  ServiceQueueQuerySchema,
  ServiceQueueSummarySchema,
  ServiceRequestParamsSchema,
} from '@portal/contracts';
import { authorizeQueuedRequest, authorizeServiceQueue } from '../../auth/access';
import { requireAction } from '../../auth/actions';
import { serviceQueuePage, serviceQueueSummary } from '../service-request/service';
import {
  approveRequest,
  claimRequest,
  PROCESS_ACTION,
  queueDetail,
  rejectRequest,
  releaseRequest,
} from './commands';

const readErrors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const commandErrors = { ...readErrors, 409: ProblemSchema, 422: ProblemSchema };

const WHO =
  'Staff whose role grants `process-service-request` (role-config; the administrator by default); anyone else 403, audited.';

/** The staff queue of service requests (issue 13; docs/decisions/030). */
export const serviceQueueRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/ServiceQueue',
    {
      schema: {
        tags: ['service-queue'],
        summary: 'The service-request queue: filtered, sorted, a page at a time',
        description: `Issue 13. Open requests (Submitted, In review) by default, oldest first; filter by \`type\`, \`status\` (\`open\`, \`all\` or one status), \`olderThanDays\`, \`assignee\` (\`me\`, \`unassigned\`, \`anyone\`) and \`reference\` (one request by its reference number, case and spaces ignored). ${WHO} The read is audited.`,
        querystring: ServiceQueueQuerySchema,
        response: { 200: ServiceQueuePageSchema, ...readErrors },
      },
    },
    async (request) => {
      const principal = await requireAction(request, PROCESS_ACTION);
      await authorizeServiceQueue(request);
      const page = await serviceQueuePage(app.database.db, request.query, principal.subject, new Date());
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'service-queue',
        recordIds: page.items.map((item) => item.id),
      });
      return page;
    },
  );

  app.get(
    '/v1/ServiceQueue/summary',
    {
      schema: {
        tags: ['service-queue'],
        summary: 'Open requests per type, with their ages (the dashboard)',
        description: `Issue 13: per type the open requests (Submitted, In review, unassigned), the oldest one's age and the average age in days. ${WHO}`,
        response: { 200: ServiceQueueSummarySchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAction(request, PROCESS_ACTION);
      await authorizeServiceQueue(request);
      return serviceQueueSummary(app.database.db, new Date());
    },
  );

  app.get(
    '/v1/ServiceQueue/:id',
    {
      schema: {
        tags: ['service-queue'],
        summary: 'One request: what it asks beside what the record says now, its history and files',
        description: `Issue 13: the request as the member sees it (history, attachments — downloaded with \`GET /api/v1/ServiceRequest/{id}/attachments/{attachmentId}\`), who holds it, the comparison of requested and current values per field, and the people on the policy now. ${WHO} The read is audited.`,
        params: ServiceRequestParamsSchema,
        response: { 200: ServiceQueueDetailSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAction(request, PROCESS_ACTION);
      const ref = await authorizeQueuedRequest(request, app.database.db, request.params.id);
      const detail = await queueDetail(request, app.database.db, ref.id);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'service-request',
        recordIds: [ref.id],
        actingForHouseholdId: ref.householdId,
      });
      return detail;
    },
  );

  app.post(
    '/v1/ServiceQueue/:id/claim',
    {
      config: { idempotent: true },
      schema: {
        tags: ['service-queue'],
        summary: 'Claim a request: one processor at a time',
        description: `Issue 13: one conditional update — the request open, at \`version\`, held by nobody else. Submitted becomes In review (the member is told and can no longer cancel). Held by a colleague: 409 \`conflict\` naming them (\`current.assignee\`); their claim older than 60 minutes may be taken over with \`takeOver: true\` (audited as \`service-queue.take-over\`). Finished: 422 \`not-allowed-now\`. Needs \`Idempotency-Key\`. ${WHO}`,
        params: ServiceRequestParamsSchema,
        body: ClaimServiceRequestSchema,
        response: { 200: ServiceQueueDetailSchema, ...commandErrors },
      },
    },
    async (request) => claimRequest(request, request.params.id, request.body),
  );

  app.post(
    '/v1/ServiceQueue/:id/release',
    {
      config: { idempotent: true },
      schema: {
        tags: ['service-queue'],
        summary: 'Give a claimed request back to the queue',
        description: `Issue 13: only the holder (409 otherwise), at \`version\`; the request stays In review. Needs \`Idempotency-Key\`. ${WHO}`,
        params: ServiceRequestParamsSchema,
        body: ReleaseServiceRequestSchema,
        response: { 200: ServiceQueueDetailSchema, ...commandErrors },
      },
    },
    async (request) => releaseRequest(request, request.params.id, request.body),
  );

  app.post(
    '/v1/ServiceQueue/:id/approve',
    {
      config: { idempotent: true },
      schema: {
        tags: ['service-queue'],
        summary: 'Approve a request: its change applied in the same transaction',
        description: `Issue 13: only the holder of the claim, at \`version\` (409 otherwise; approving twice is refused). The change is made by its owning module in the approval's transaction with the status, the history entry (\`note\`, optional, for the member), the audit row and the notification: an added dependent becomes a member with a span from the requested start; a removed one's span ends; an end of coverage ends every span and issues the termination notice; a change of coverage dates moves the date; a plan change starts a new span on its effective date (the old one ending the day before) with the plan-change notice; a reinstatement restores coverage only once its payment succeeded (422 \`reinstatement-not-paid\`); a broker change moves the broker of record; a residential move changes the address; demographics change the member. A rule the change no longer meets answers 422 with its code. Needs \`Idempotency-Key\`. ${WHO}`,
        params: ServiceRequestParamsSchema,
        body: ApproveServiceRequestSchema,
        response: { 200: ServiceQueueDetailSchema, ...commandErrors },
      },
    },
    async (request) => approveRequest(request, request.params.id, request.body),
  );

  app.post(
    '/v1/ServiceQueue/:id/reject',
    {
      config: { idempotent: true },
      schema: {
        tags: ['service-queue'],
        summary: 'Reject a request with a reason the member reads',
        description: `Issue 13: only the holder of the claim, at \`version\`. The reason is the request's resolution, shown on the member's service-requests page, and the member is notified. Needs \`Idempotency-Key\`. ${WHO}`,
        params: ServiceRequestParamsSchema,
        body: RejectServiceRequestSchema,
        response: { 200: ServiceQueueDetailSchema, ...commandErrors },
      },
    },
    async (request) => rejectRequest(request, request.params.id, request.body),
  );
  done();
};

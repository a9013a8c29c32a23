import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessHistoryPageSchema,
  AccessHistoryQuerySchema,
  AuditExportQuerySchema,
  AuditPageSchema,
  AuditSearchQuerySchema,
  ProblemSchema,
  UuidSchema,
} from '@portal/contracts';
import { authorizeAccessHistory, canSearchMembers, forbidden, requirePrincipal } from '../../auth/access';
import { requireAction } from '../../auth/actions';
import { accessHistory, auditCsv, auditFilterOf, searchAudit } from './service';

const SEARCH_ACTION = 'search-audit';
/** The member's page (SPEC §2 style); a role whose routes lack it may not read the history either. */
export const ACCESS_HISTORY_ROUTE = '/admin/access-history';
const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * Issue 13 (docs/decisions/031): the audit trail for administrators — search and CSV export with the same
 * filters, each audited — and "who has seen my information" for a household.
 */
export const auditRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const timeZone = app.tenant.account.tenant.timeZone;

  /** Administrators (role action `search-audit`) who are issuer staff. */
  const requireAuditor = async (request: Parameters<typeof requireAction>[0]) => {
    const principal = await requireAction(request, SEARCH_ACTION);
    if (!canSearchMembers(principal)) {
      await request.audit({ action: SEARCH_ACTION, outcome: 'denied', reason: 'not-staff' });
      throw forbidden();
    }
  };

  app.get(
    '/v1/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'Search the audit log',
        description:
          'Issue 13. Filters: `member` (a policy number or exchange subscriber id: the records of that household), `actor` (a username or actor subject), `action` (exact), `from`/`to` (calendar days where the issuer is, inclusive). Newest first, paginated. Role action `search-audit` (administrators). The search is audited (which filters were used, never their values).',
        querystring: AuditSearchQuerySchema,
        response: { 200: AuditPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAuditor(request);
      const db = app.database.db;
      const { where, used } = await auditFilterOf(db, request.query, timeZone);
      const page = await searchAudit(db, where, request.query);
      await request.audit({
        action: 'audit.search',
        outcome: 'success',
        recordType: 'audit-log',
        recordIds: [`filters:${used.join(',') || 'none'}`, `results:${page.total}`],
      });
      return page;
    },
  );

  app.get(
    '/v1/audit.csv',
    {
      schema: {
        tags: ['audit'],
        summary: 'Export the audit records a search finds, as CSV',
        description:
          'Issue 13. The filters of `GET /api/v1/audit` without paging: every matching record, newest first, streamed (`text/csv`, a header row). Role action `search-audit`; the export is audited.',
        querystring: AuditExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().meta({ description: 'The CSV file (text/csv)' }), ...errors },
      },
    },
    async (request, reply) => {
      await requireAuditor(request);
      const db = app.database.db;
      const { where, used } = await auditFilterOf(db, request.query, timeZone);
      await request.audit({
        action: 'audit.export',
        outcome: 'success',
        recordType: 'audit-log',
        recordIds: [`filters:${used.join(',') || 'none'}`],
      });
      const stamp = app.today();
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-${stamp}.csv"`)
        .send(auditCsv(db, where) as unknown as string);
    },
  );

  app.get(
    '/v1/Household/:householdId/access-history',
    {
      schema: {
        tags: ['audit'],
        summary: 'Who has seen my information',
        description:
          'Issue 13. What issuer staff and brokers read and changed of the household’s records, newest first, paginated: who (role, and the staff user’s or broker’s name), when, read or change, which kind of record and the action. The household’s member (and staff acting for them); roles whose routes lack `/admin/access-history` are refused. The read is audited.',
        params: z.object({ householdId: UuidSchema }),
        querystring: AccessHistoryQuerySchema,
        response: { 200: AccessHistoryPageSchema, ...errors },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const db = app.database.db;
      const { householdId } = request.params;
      await authorizeAccessHistory(
        request,
        db,
        principal,
        householdId,
        ACCESS_HISTORY_ROUTE,
        app.tenant.roles,
      );
      const page = await accessHistory(
        db,
        householdId,
        request.query.page,
        request.query.pageSize,
        new Map(app.tenant.account.smartApps.map((smartApp) => [smartApp.clientId, smartApp])),
      );
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'access-history',
        recordIds: [householdId],
        actingForHouseholdId: householdId,
      });
      return page;
    },
  );
  done();
};

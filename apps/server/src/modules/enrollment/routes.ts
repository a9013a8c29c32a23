import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { dueDayRule } from '@portal/domain';
import { EnrollmentImportResultSchema, ProblemSchema } from '@portal/contracts';
import { forbidden } from '../../auth/access';
import { requireAction } from '../../auth/actions';
import { auditRole } from '../../auth/principal';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { importEnrollment, type ImportSettings } from './service';

/** Role-config action of the issuer's systems and administrators that load 834 files. */
export const IMPORT_ACTION = 'import-enrollment';

/** X12 as it comes: a raw body of at most this many bytes (a 10,000-member file is about 8 MB). */
const BODY_LIMIT = 64 * 1024 * 1024;

/** What every import needs of the app: the issuer's day, its due-day rule and, in demo mode, the demo password. */
export function importSettingsOf(app: FastifyInstance, actor: ImportSettings['actor']): ImportSettings {
  return {
    today: app.today(),
    dueRule: dueDayRule(app.tenant.account.payments.dueDate),
    actor,
    demoPassword: app.settings.demoMode ? DEMO_PASSWORD : null,
  };
}

/**
 * Issue 34: `POST /api/v1/Enrollment/834` — the issuer's enrolment system sends an X12 834 interchange
 * (raw body, `application/edi-x12` or `text/plain`) and gets the summary with the 999 back. Issuer staff
 * tokens only (a member, broker or guest is refused whatever its roles), with role action `import-enrollment`.
 */
export const enrollmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  for (const type of ['application/edi-x12', 'application/edi', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, parsed) => {
      parsed(null, body);
    });
  }
  app.post(
    '/v1/Enrollment/834',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['enrollment'],
        summary: 'Import an X12 834 benefit enrollment interchange',
        description:
          'Issue 34 (docs/INTEGRATION-834.md). The body is one ISA…IEA interchange (005010X220A1), delimiters as its ISA says. 200: processed — applied, rejected (each with its segment and reason) and held transaction sets, and the 999; an interchange (ISA06 + ISA13) already imported answers its first summary with `duplicate: true` and changes nothing. 422: the file is refused whole (segment and reason, a TA1 for an envelope error); nothing applied. Issuer staff with role action `import-enrollment`.',
        consumes: ['application/edi-x12', 'text/plain'],
        response: { 200: EnrollmentImportResultSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 413: ProblemSchema, 422: EnrollmentImportResultSchema },
      },
    },
    async (request, reply) => {
      const principal = await requireAction(request, IMPORT_ACTION);
      if (principal.kind !== 'staff') throw forbidden();
      const text = typeof request.body === 'string' ? request.body : '';
      const fileName = (request.headers['x-file-name'] as string | undefined)?.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'api.edi';
      const outcome = await importEnrollment(app.database.db, importSettingsOf(app, { subject: principal.subject, role: auditRole(principal) }), { text, fileName, source: 'api' });
      await request.audit({ action: 'enrollment.834.import', outcome: outcome.summary.status === 'refused' ? 'failure' : 'success', recordType: 'enrollment-import', recordIds: outcome.summary.interchange ? [`${outcome.summary.interchange.sender}:${outcome.summary.interchange.controlNumber}`] : [], ...(outcome.summary.status === 'refused' ? { reason: 'file-refused' } : {}) });
      return reply.status(outcome.summary.status === 'refused' ? 422 : 200).send(outcome);
    },
  );
  done();
};

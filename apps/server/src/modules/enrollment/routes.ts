import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import type { SystemCaller } from './system-caller';
import { dueDayRule } from '@portal/domain';
import { EnrollmentImportResultSchema, ProblemSchema } from '@portal/contracts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { importEnrollment, type ImportSettings } from './service';
import { systemCallerCheck } from './system-caller';

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
 * (raw body, `application/edi-x12` or `text/plain`) and gets the summary with the 999 back. The issuer's
 * system client only (OAuth client credentials at the built-in workforce provider, scope
 * `enrollment:import`): no person's token, however privileged (docs/decisions/051).
 */
export const enrollmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const requireSystemCaller = systemCallerCheck(app);
  const callers = new WeakMap<object, SystemCaller>();
  for (const type of ['application/edi-x12', 'application/edi', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, parsed) => {
      parsed(null, body);
    });
  }
  app.post(
    '/v1/Enrollment/834',
    {
      bodyLimit: BODY_LIMIT,
      // Before the body is read: a caller who is not the enrolment client never gets a byte parsed.
      onRequest: async (request, reply) => {
        callers.set(request, await requireSystemCaller(request, reply));
      },
      schema: {
        tags: ['enrollment'],
        summary: 'Import an X12 834 benefit enrollment interchange',
        description:
          "Issue 34 (docs/INTEGRATION-834.md). The body is one ISA…IEA interchange (005010X220A1), delimiters as its ISA says. 200: processed — applied, rejected (each with its segment and reason) and held transaction sets, and the 999; an interchange (ISA06 + ISA13) already imported answers its first summary with `duplicate: true` and changes nothing. 422: the file is refused whole (segment and reason, a TA1 for an envelope error); nothing applied. Callers: the issuer's enrolment client only — an access token from the built-in workforce provider by OAuth client credentials (`grant_type=client_credentials`, `scope=enrollment:import`); a member's, broker's, staff user's, guest's or asserted session's token is refused 403.",
        consumes: ['application/edi-x12', 'text/plain'],
        response: {
          200: EnrollmentImportResultSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          413: ProblemSchema,
          422: EnrollmentImportResultSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = callers.get(request);
      if (!caller) throw new Error('the enrolment client check did not run');
      const text = typeof request.body === 'string' ? request.body : '';
      const fileName =
        (request.headers['x-file-name'] as string | undefined)
          ?.replace(/[^A-Za-z0-9._-]/g, '_')
          .slice(0, 120) || 'api.edi';
      const outcome = await importEnrollment(app.database.db, importSettingsOf(app, caller.actor), {
        text,
        fileName,
        source: 'api',
      });
      await request.audit({
        action: 'enrollment.834.import',
        outcome: outcome.summary.status === 'refused' ? 'failure' : 'success',
        recordType: 'enrollment-import',
        recordIds: outcome.summary.interchange
          ? [`${outcome.summary.interchange.sender}:${outcome.summary.interchange.controlNumber}`]
          : [],
        ...(outcome.summary.status === 'refused' ? { reason: 'file-refused' } : {}),
        actor: caller.actor,
      });
      return reply.status(outcome.summary.status === 'refused' ? 422 : 200).send(outcome);
    },
  );
  done();
};

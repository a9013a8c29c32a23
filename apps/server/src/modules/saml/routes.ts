import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import formbody from '@fastify/formbody';
import { z } from 'zod';
import { SamlAcsRequestSchema } from '@portal/contracts';
import { HttpProblem } from '../../plugins/errors';
import type { SamlTrust } from '../../saml/trust';
import { errorKindFor, errorPageLanguage, renderSamlErrorPage, type SamlErrorKind } from './error-page';
import { acceptAssertion } from './service';
import { SamlRejected, SamlVerifier, type SamlRejectReason } from './verify';

export interface SamlRoutesOptions {
  trust: SamlTrust;
}

const AUDIT_ACTION = 'auth.saml-assertion';
const BODY_LIMIT = 256 * 1024;

const HtmlPage = z
  .string()
  .meta({ description: 'A translated, script-free HTML page explaining the refusal (text/html).' });

/**
 * SPEC §1/§6 asserted sessions: the SAML Assertion Consumer Service. A browser posts the identity
 * provider's Response here (HTTP-POST binding); a verified assertion becomes a short-lived portal
 * session and the browser is sent on to the web app. Public (no bearer token: the assertion is the
 * credential), rate-limited per address, and every outcome is audited.
 */
export const samlRoutes: FastifyPluginAsyncZod<SamlRoutesOptions> = async (app, options) => {
  // Form bodies only in this scope: the rest of the API speaks JSON.
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  const verifier = new SamlVerifier(options.trust);

  const sendPage = (request: FastifyRequest, reply: FastifyReply, status: number, kind: SamlErrorKind) => {
    const body = request.body as { SAMLResponse?: unknown } | undefined;
    const posted = typeof body?.SAMLResponse === 'string' ? body.SAMLResponse : undefined;
    const language = errorPageLanguage(posted, request.headers['accept-language']);
    const frame = {
      language,
      issuerName: app.tenant.account.tenant.issuerName,
      logoUrl: app.tenant.account.header.headerLogo,
    };
    return reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderSamlErrorPage(frame, kind, request.id));
  };

  const refuse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    reason: SamlRejectReason | 'rate-limited',
    status: number,
  ) => {
    await request.audit({
      action: AUDIT_ACTION,
      outcome: 'denied',
      reason,
      actor: { subject: null, role: null },
    });
    return sendPage(request, reply, status, reason === 'rate-limited' ? 'tooMany' : errorKindFor(reason));
  };

  // A browser posted a form: whatever goes wrong, it gets a page it can read, not problem+json.
  app.setErrorHandler(async (error: FastifyError | HttpProblem, request, reply) => {
    // The rate limiter throws the app's HttpProblem (status); Fastify's own errors carry statusCode.
    const status = error instanceof HttpProblem ? error.status : (error.statusCode ?? 500);
    try {
      if (status === 429) return await refuse(request, reply, 'rate-limited', 429);
      if (!(error instanceof HttpProblem) && hasZodFastifySchemaValidationErrors(error))
        return await refuse(request, reply, 'malformed', 400);
      if (status >= 400 && status < 500) {
        return await refuse(request, reply, 'malformed', status);
      }
    } catch (auditError) {
      request.log.error({ err: auditError }, 'audit of a refused SAML response failed');
    }
    request.log.error({ err: error }, 'SAML response handling failed');
    return sendPage(request, reply, 500, 'failed');
  });

  app.post(
    '/v1/saml/acs',
    {
      schema: {
        tags: ['session'],
        summary: 'SAML Assertion Consumer Service (asserted sessions)',
        description:
          'Receives a SAML 2.0 Response by the HTTP-POST binding from the configured exchange or broker system. ' +
          'The assertion must be signed by the configured certificate, name this service as audience and recipient, ' +
          'be within its validity window, and be used once. On success the answer is 303 to `/auth/asserted?next=<path>` with the ' +
          'session cookie: the portal session token stays on the server (decision 050). Refusals are translated HTML pages.',
        consumes: ['application/x-www-form-urlencoded'],
        body: SamlAcsRequestSchema,
        response: {
          303: z.null().meta({
            description:
              'Signed in: Location is the web app; the session is the HttpOnly cookie set with it.',
          }),
          400: HtmlPage,
          401: HtmlPage,
          429: HtmlPage,
        },
      },
      bodyLimit: BODY_LIMIT,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // The HTTP-POST binding is a form post; a JSON body is not what an identity provider sends.
      if (!request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
        return refuse(request, reply, 'malformed', 415);
      }
      try {
        const accepted = await acceptAssertion(
          { db: app.database.db, verifier, portalSessions: app.identity.portalSessions },
          { samlResponse: request.body.SAMLResponse, relayState: request.body.RelayState },
        );
        await request.audit({
          action: AUDIT_ACTION,
          outcome: 'success',
          actor: { subject: accepted.subject, role: accepted.roles[0] ?? null },
          recordType: 'policy',
          recordIds: accepted.policyIds,
        });
        await app.webSessions.startPortalSession(reply, {
          type: 'asserted',
          subject: accepted.subject,
          token: accepted.session.token,
          expiresAt: accepted.session.expiresAt,
        });
        return await reply.header('Cache-Control', 'no-store').redirect(accepted.location, 303);
      } catch (error) {
        if (!(error instanceof SamlRejected)) throw error;
        return refuse(request, reply, error.reason, error.reason === 'malformed' ? 400 : 401);
      }
    },
  );
};

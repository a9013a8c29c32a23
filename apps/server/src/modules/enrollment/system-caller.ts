import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { ProblemType } from '@portal/contracts';
import { resolvePrincipal } from '../../auth/resolve-principal';
import { TokenRejected, TokenVerifier } from '../../auth/token-verifier';
import { ENROLLMENT_IMPORT_SCOPE, enrollmentAudienceFor } from '../../idp/system-client';
import { HttpProblem } from '../../plugins/errors';

/** Who an import through the API is recorded as: the issuer's system client, by its client id. */
export interface SystemCaller {
  clientId: string;
  actor: { subject: string; role: string };
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

const audiencesOf = (token: string): string[] => {
  try {
    const { aud } = decodeJwt(token);
    return aud === undefined ? [] : [aud].flat();
  } catch {
    return [];
  }
};

/**
 * Issue 34: the 834 import takes the issuer's system client only (docs/decisions/051) — an access token
 * the built-in workforce provider issued by client credentials to ENROLLMENT_CLIENT_ID, for the import's
 * own audience, with scope `enrollment:import`. A person's token (member, broker, staff, guest, an
 * asserted session) is refused 403 however privileged; no token or one that does not verify, 401. Every
 * refusal is audited as a security event.
 */
export function systemCallerCheck(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => Promise<SystemCaller> {
  const audience = enrollmentAudienceFor(app.settings.publicUrl);
  const clientId = app.settings.enrollment.client.id;
  const verifier = new TokenVerifier(
    app.identity.verifier.issuers
      .filter((issuer) => issuer.kind === 'builtin-oidc' && issuer.realm === 'workforce')
      .map((issuer) => ({ ...issuer, audience })),
  );
  const refuse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 401 | 403,
    reason: string,
    actor: { subject: string | null; role: string | null },
  ) => {
    await request.audit({ action: 'enrollment.834.import', outcome: 'denied', reason, actor });
    if (status === 401) {
      void reply.header(
        'WWW-Authenticate',
        reason === 'missing-token' || reason === 'malformed-header'
          ? 'Bearer'
          : 'Bearer error="invalid_token"',
      );
      throw new HttpProblem(
        401,
        ProblemType.unauthenticated,
        'Sign-in required',
        "This call needs an access token of the issuer's enrolment client (OAuth client credentials, docs/INTEGRATION-834.md).",
      );
    }
    void reply.header(
      'WWW-Authenticate',
      `Bearer error="insufficient_scope", scope="${ENROLLMENT_IMPORT_SCOPE}"`,
    );
    throw new HttpProblem(
      403,
      ProblemType.forbidden,
      'Not allowed',
      `Only the issuer's enrolment client, with scope "${ENROLLMENT_IMPORT_SCOPE}", may import 834 files.`,
    );
  };

  return async (request, reply) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? (BEARER.exec(header)?.[1] ?? null) : null;
    const anonymous = { subject: null, role: null };
    if (token === null) {
      return refuse(
        request,
        reply,
        401,
        header === undefined ? 'missing-token' : 'malformed-header',
        anonymous,
      );
    }
    if (!audiencesOf(token).includes(audience)) {
      // Someone's token for the API: a person (or a session) who may not import, or not a token at all.
      try {
        const { trusted, payload } = await app.identity.verifier.verify(token);
        const principal = await resolvePrincipal(
          {
            db: app.database.db,
            roleConfig: app.tenant.roles,
            portalSessions: app.identity.portalSessions,
            idleSeconds: app.tenant.account.session.idleTimeSeconds,
          },
          trusted,
          payload,
        );
        if (typeof principal !== 'string')
          return await refuse(request, reply, 403, 'system-client-only', {
            subject: principal.subject,
            role: principal.roles[0] ?? principal.kind,
          });
        return await refuse(request, reply, 401, principal, anonymous);
      } catch (error) {
        if (!(error instanceof TokenRejected)) throw error;
        return refuse(request, reply, 401, error.problem, anonymous);
      }
    }
    let payload;
    try {
      ({ payload } = await verifier.verify(token));
    } catch (error) {
      if (!(error instanceof TokenRejected)) throw error;
      return refuse(request, reply, 401, error.problem, anonymous);
    }
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    // Client credentials: the subject is the client itself, never an account.
    if (payload.client_id !== clientId || payload.sub !== clientId)
      return refuse(request, reply, 403, 'not-the-enrollment-client', {
        subject: `client:${String(payload.client_id)}`,
        role: 'system-client',
      });
    const actor = { subject: `client:${clientId}`, role: 'system-client' };
    if (!scopes.includes(ENROLLMENT_IMPORT_SCOPE))
      return refuse(request, reply, 403, 'insufficient-scope', actor);
    return { clientId, actor };
  };
}

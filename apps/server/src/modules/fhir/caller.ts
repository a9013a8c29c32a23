import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { Principal } from '../../auth/principal';
import { resolvePrincipal } from '../../auth/resolve-principal';
import { TokenRejected, TokenVerifier } from '../../auth/token-verifier';
import { fhirAudienceFor } from '../../idp/smart';
import { unauthenticated } from './outcome';

/** What a SMART app's token (audience: the FHIR server) says beyond its member: the app, its scopes, the patient. */
export interface SmartContext {
  clientId: string;
  scopes: ReadonlySet<string>;
  patient: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on FHIR routes: the caller of a bearer token, when one was sent. */
    fhirCaller?: Principal | null;
    /** Set on FHIR routes for a SMART app's token (docs/decisions/054); null for a member's portal token. */
    smart?: SmartContext | null;
  }
}

/**
 * Sets `request.fhirCaller` (and `request.smart` for a SMART app's token) on every FHIR request that sends
 * a bearer token; a token that is sent and not valid is refused 401 and audited. No token is no caller:
 * the directory needs none, member data does (member-reads.ts).
 */
export function identifyCallers(app: FastifyInstance, publicUrl: string): void {
  const resolveContext = () => ({
    db: app.database.db,
    roleConfig: app.tenant.roles,
    portalSessions: app.identity.portalSessions,
    idleSeconds: app.tenant.account.session.idleTimeSeconds,
  });

  // SMART apps' tokens (decision 054) are the consumer provider's, for the FHIR server's audience. They are
  // verified here on every call and never enter the API's token cache (which must not accept them).
  const fhirAudience = fhirAudienceFor(publicUrl);
  const smartVerifier = new TokenVerifier(
    app.identity.verifier.issuers
      .filter((issuer) => issuer.kind === 'builtin-oidc' && issuer.realm === 'consumer')
      .map((issuer) => ({ ...issuer, audience: fhirAudience })),
  );
  const audienceOf = (token: string): string[] => {
    try {
      const { aud } = decodeJwt(token);
      return aud === undefined ? [] : [aud].flat();
    } catch {
      return [];
    }
  };

  // The caller of a bearer token, when one is sent (the directory needs none; member data does).
  app.addHook('onRequest', async (request, reply) => {
    request.fhirCaller = null;
    request.smart = null;
    const header = request.headers.authorization;
    if (header === undefined) return;
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    const token = match?.[1];
    let reason = 'malformed-header';
    if (token && audienceOf(token).includes(fhirAudience)) {
      try {
        const { trusted, payload } = await smartVerifier.verify(token);
        const resolved = await resolvePrincipal(resolveContext(), trusted, payload);
        if (typeof resolved !== 'string') {
          request.fhirCaller = resolved;
          request.principal = resolved;
          request.smart = {
            clientId: typeof payload.client_id === 'string' ? payload.client_id : '',
            scopes: new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []),
            patient: typeof payload.patient === 'string' ? payload.patient : null,
          };
          return;
        }
        reason = resolved;
      } catch (error) {
        if (!(error instanceof TokenRejected)) throw error;
        reason = error.problem;
      }
    } else if (token) {
      const remembered = app.identity.principalCache.get(token);
      if (remembered) {
        request.fhirCaller = remembered;
        request.principal = remembered;
        return;
      }
      try {
        const { trusted, payload } = await app.identity.verifier.verify(token);
        const resolved = await resolvePrincipal(resolveContext(), trusted, payload);
        if (typeof resolved !== 'string') {
          app.identity.principalCache.remember(token, resolved, payload);
          request.fhirCaller = resolved;
          request.principal = resolved;
          return;
        }
        reason = resolved;
      } catch (error) {
        if (!(error instanceof TokenRejected)) throw error;
        reason = error.problem;
      }
    }
    await request.audit({
      action: 'auth.token-refused',
      outcome: 'denied',
      reason,
      actor: { subject: null, role: null },
    });
    void reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw unauthenticated('The token is not valid (expired, revoked or not ours). Sign in again.');
  });
}

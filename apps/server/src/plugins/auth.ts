import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemType } from '@portal/contracts';
import { MEMBER_SEARCH_PERMISSION } from '@portal/domain';
import { touchActingSession } from '../auth/acting';
import type { Principal } from '../auth/principal';
import type { PrincipalCache } from '../auth/principal-cache';
import { resolvePrincipal, type ResolveContext } from '../auth/resolve-principal';
import { TokenRejected, type TokenVerifier } from '../auth/token-verifier';
import { HttpProblem } from './errors';

/**
 * The API routes anyone may call without signing in: the one place where a route is declared public
 * (SPEC §6: health, the guest locate-account call, the SAML endpoint, client logging; the API
 * description). Every other /api route requires a valid bearer token. Keys are `METHOD /path`.
 */
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/health',
  // Orchestrators' probes (docs/decisions/034): liveness and readiness answer without a token.
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/openapi.json',
  'GET /api/docs',
  'POST /api/v1/Logging',
  'POST /api/v1/guest/locate-account',
  'POST /api/v1/saml/acs',
  // The payment processor's webhooks: verified by their signature instead (docs/decisions/016).
  'POST /api/v1/processor/webhook',
  // Demo mode only (the route exists nowhere else): an account for a fresh demo member.
  'POST /api/v1/demo/member',
  // Demo mode only: a staff account of its own for a journey acting for members (docs/decisions/043).
  'POST /api/v1/demo/staff',
]);

/**
 * API routes that need a bearer token of their own kind, which the route checks itself (so not public:
 * the token is required): the issuer's enrolment system's import takes only its client-credentials
 * token, for an audience no other route accepts (docs/decisions/051).
 */
export const OWN_TOKEN_API_ROUTES: ReadonlySet<string> = new Set(['POST /api/v1/Enrollment/834']);

export const routeKey = (method: string, url: string): string => `${method} ${url}`;

export function isPublicRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && PUBLIC_API_ROUTES.has(routeKey(request.method, url));
}

export interface AuthOptions {
  verifier: TokenVerifier;
  resolveContext: ResolveContext;
  /** Accepted tokens remembered for a few seconds (docs/decisions/035). */
  principalCache: PrincipalCache;
  /** How long an acting session lasts without a call that uses it (docs/decisions/043). */
  actingIdleSeconds: number;
}

const unauthenticated = (detail: string) =>
  new HttpProblem(401, ProblemType.unauthenticated, 'Sign-in required', detail);

/**
 * Authentication for the API: every non-public /api route needs `Authorization: Bearer <token>` whose
 * signature, issuer, audience and expiry check out and which still stands for a live session; the
 * caller becomes `request.principal`. Refusals are audited as security events.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The access token this call was made with: its bearer token, or its web session's (docs/decisions/050). */
    accessToken: string | null;
  }
}

export const authPlugin = fp(
  (app: FastifyInstance, options: AuthOptions) => {
    app.decorateRequest('accessToken', null);
    /**
     * Staff who may act for members (member-search) act for the member of their acting session under way
     * (docs/decisions/043): read afresh on every call, never from the token cache.
     */
    const withActing = async (request: FastifyRequest, principal: Principal): Promise<Principal> => {
      if (principal.kind !== 'staff' || !principal.permissions.includes(MEMBER_SEARCH_PERMISSION))
        return principal;
      const acting = await touchActingSession(app.database, principal.subject, options.actingIdleSeconds, {
        route: `${request.method} ${request.routeOptions.url ?? ''}`,
        ip: request.ip,
        requestId: request.id,
      });
      return { ...principal, acting };
    };

    app.addHook('onRequest', async (request, reply) => {
      const url = request.routeOptions.url;
      // Unknown paths fall through to the 404 handler; pages and /config are not the API.
      if (
        url === undefined ||
        !url.startsWith('/api/') ||
        isPublicRoute(request) ||
        OWN_TOKEN_API_ROUTES.has(routeKey(request.method, url))
      )
        return;

      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header) : null;
      let token = match?.[1] ?? null;
      // The web app sends no token: its cookie names a server-side session holding one (docs/decisions/050).
      if (header === undefined) {
        const bearer = await app.webSessionBearer(request, reply);
        if (bearer === 'ended') {
          await request.audit({
            action: 'auth.token-refused',
            outcome: 'denied',
            reason: 'session-ended',
            actor: { subject: null, role: null },
          });
          throw unauthenticated('The session has ended (signed out, idle or expired). Sign in again.');
        }
        token = bearer?.token ?? null;
      }
      if (token === null) {
        await request.audit({
          action: 'auth.token-refused',
          outcome: 'denied',
          reason: header === undefined ? 'missing-token' : 'malformed-header',
          actor: { subject: null, role: null },
        });
        reply.header('WWW-Authenticate', 'Bearer');
        throw unauthenticated('This call needs a bearer token or a session.');
      }
      request.accessToken = token;
      const remembered = options.principalCache.get(token);
      if (remembered) {
        request.principal = await withActing(request, remembered);
        return;
      }
      let reason: string;
      try {
        const { trusted, payload } = await options.verifier.verify(token);
        const resolved = await resolvePrincipal(options.resolveContext, trusted, payload);
        if (typeof resolved !== 'string') {
          options.principalCache.remember(token, resolved, payload);
          request.principal = await withActing(request, resolved);
          return;
        }
        reason = resolved;
      } catch (error) {
        if (!(error instanceof TokenRejected)) throw error;
        reason = error.problem;
      }
      await request.audit({
        action: 'auth.token-refused',
        outcome: 'denied',
        reason,
        actor: { subject: null, role: null },
      });
      reply.header('WWW-Authenticate', `Bearer error="invalid_token"`);
      throw unauthenticated('The token is not valid (expired, revoked or not ours). Sign in again.');
    });

    // Member data, sessions and tokens must never be kept by a browser or shared cache: every API answer
    // is `no-store` unless its route chose otherwise (the public API description is `no-cache`).
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'auth', dependencies: ['audit', 'db', 'web-session'] },
);

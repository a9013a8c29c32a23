import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityOptions {
  /** Extra origins the browser may call (e.g. external identity providers), added to connect-src. */
  connectSources?: string[];
  /** Origins the portal's pages may frame: exactly the payment processor's (its hosted fields). */
  frameSources?: string[];
}

/**
 * Security headers on every response: a strict Content-Security-Policy (no inline or foreign scripts;
 * inline styles only because the UI library injects them), no framing, no MIME sniffing, no referrer.
 *
 * Helmet itself, built once: @fastify/helmet rebuilt it (parsing the policy's directives again) on every
 * request, a few per cent of a read's time for headers that never change (docs/decisions/035).
 */
export const securityPlugin = fp(
  (app: FastifyInstance, options: SecurityOptions, registered: (error?: Error) => void) => {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(options.connectSources ?? [])],
          manifestSrc: ["'self'"],
          frameSrc: options.frameSources?.length ? options.frameSources : ["'none'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
        },
      },
      // HSTS only means something over HTTPS; it is added below when the request came that way.
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      // Helmet 8 throws its errors rather than passing them on, so the callback only says it is done.
      setHeaders(request.raw, reply.raw, () => {
        done();
      });
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') {
        reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      }
      reply.header('X-Request-Id', request.id);
    });
    registered();
  },
  { name: 'security' },
);

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { ProblemType, type Problem } from '@portal/contracts';
import type { LoadSheddingSettings } from '../settings';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: never shed (health probes, metrics); every other route is shed under overload. */
    loadShedding?: boolean;
    /** `true`: a response that stays open (an event stream); not counted among the calls in flight. */
    longLived?: boolean;
  }
}

/** Whether a request may be shed: API calls only, and not the routes that opt out (probes, metrics). */
const sheddable = (request: FastifyRequest): boolean =>
  request.routeOptions.config.loadShedding !== false && request.url.startsWith('/api/');

/**
 * Load shedding (issue 16, docs/decisions/034). Two signals, each answered at once — 503 problem+json
 * with `Retry-After` — before any token is verified or query run, instead of queueing until the caller
 * times out:
 * - **too much waiting:** more than `maxInFlight` API calls are being answered by this instance (event
 *   streams, which stay open, are not counted); the next is refused. This is the signal a flood gives
 *   first: the database pool's queue grows while the event loop is still responsive.
 * - **a stalled process** (@fastify/under-pressure): the event loop lags past `maxEventLoopDelayMs`, is
 *   busier than `maxEventLoopUtilization` (off by default: a server at its capacity is fully busy and
 *   still serving), or the heap holds more than `maxHeapUsedBytes`. These are sampled every
 *   `sampleIntervalMs`, so the portal recovers on the first sample that is back under the limits.
 * Only API calls are shed: the app's files and pages are cheap, and a browser that cannot load its
 * script shows "the portal could not start" instead of a page that retries its calls. Shed requests are
 * counted (`portal_requests_shed_total{reason}`) by the metrics plugin through `onShed`.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, options: LoadSheddingSettings & { onShed?: (reason: string) => void }) => {
    const refusal = (request: FastifyRequest, reply: FastifyReply, reason: string): Problem => {
      options.onShed?.(reason);
      void reply
        .status(503)
        .type('application/problem+json')
        .header('Retry-After', String(options.retryAfterSeconds))
        .header('Cache-Control', 'no-store');
      return {
        type: ProblemType.unavailable,
        title: 'Service unavailable',
        status: 503,
        detail: `The portal is busy. Try again in ${String(options.retryAfterSeconds)} seconds.`,
        instance: request.url.split('?')[0] ?? '',
        requestId: request.id,
      };
    };
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      maxEventLoopUtilization: options.maxEventLoopUtilization,
      // Utilisation over the last sample, not since the start (the default would never see a spike).
      eventLoopUtilizationMode: 'interval',
      maxHeapUsedBytes: options.maxHeapUsedBytes,
      sampleInterval: options.sampleIntervalMs,
      retryAfter: options.retryAfterSeconds,
      pressureHandler: (request, reply, type) => {
        if (!sheddable(request)) return undefined;
        // Returned, not sent: under-pressure sends a value the handler returns (its types only admit void).
        return refusal(request, reply, type) as unknown as undefined;
      },
    });
    if (options.maxInFlight > 0) {
      let inFlight = 0;
      app.addHook('onRequest', async (request, reply) => {
        if (!sheddable(request) || request.routeOptions.config.longLived === true) return undefined;
        if (inFlight >= options.maxInFlight) return reply.send(refusal(request, reply, 'inFlight'));
        inFlight += 1;
        // Counted until the answer is written or the caller goes away, whichever comes first.
        let counted = true;
        const release = () => {
          if (counted) inFlight -= 1;
          counted = false;
        };
        reply.raw.once('finish', release);
        reply.raw.once('close', release);
        return undefined;
      });
    }
  },
  { name: 'load-shedding', dependencies: ['errors'] },
);

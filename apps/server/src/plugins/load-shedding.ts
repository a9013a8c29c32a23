import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { ProblemType, type Problem } from '@portal/contracts';
import type { LoadSheddingSettings } from '../settings';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: never shed (health probes, metrics); every other route is shed under overload. */
    loadShedding?: boolean;
  }
}

/**
 * Load shedding (issue 16, docs/decisions/034) with @fastify/under-pressure: while the event loop lags
 * past `maxEventLoopDelayMs`, is busier than `maxEventLoopUtilization`, or the heap holds more than
 * `maxHeapUsedBytes`, a request is answered at once — 503 problem+json with `Retry-After` — before any
 * token is verified or query run, instead of queueing until the caller times out. The checks are sampled
 * every `sampleIntervalMs`, so the portal recovers on the first sample that is back under the limits.
 * Shed requests are counted (`portal_requests_shed_total`) by the metrics plugin through `onShed`.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, options: LoadSheddingSettings & { onShed?: (reason: string) => void }) => {
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      maxEventLoopUtilization: options.maxEventLoopUtilization,
      // Utilisation over the last sample, not since the start (the default would never see a spike).
      eventLoopUtilizationMode: 'interval',
      maxHeapUsedBytes: options.maxHeapUsedBytes,
      sampleInterval: options.sampleIntervalMs,
      retryAfter: options.retryAfterSeconds,
      pressureHandler: (request, reply, type) => {
        // Only API calls are shed: the app's files and pages are cheap, and a browser that cannot load its
        // script shows "the portal could not start" instead of a page that retries its calls.
        if (request.routeOptions.config.loadShedding === false || !request.url.startsWith('/api/')) return undefined;
        options.onShed?.(type);
        const body: Problem = {
          type: ProblemType.unavailable,
          title: 'Service unavailable',
          status: 503,
          detail: `The portal is busy. Try again in ${String(options.retryAfterSeconds)} seconds.`,
          instance: request.url.split('?')[0] ?? '',
          requestId: request.id,
        };
        void reply.status(503).type('application/problem+json').header('Retry-After', String(options.retryAfterSeconds)).header('Cache-Control', 'no-store');
        // Returned, not sent: under-pressure sends a value the handler returns (its types only admit void).
        return body as unknown as undefined;
      },
    });
  },
  { name: 'load-shedding', dependencies: ['errors'] },
);

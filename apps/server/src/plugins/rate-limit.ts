import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ProblemType } from '@portal/contracts';
import { HttpProblem } from './errors';

export interface RateLimitPluginOptions {
  /** Redis shared by every instance (REDIS_URL); none: each instance counts on its own. */
  redisUrl: string | undefined;
}

/** One fixed window per key: the first hit starts it, and it ends `window` ms later. */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { current, ttl }
`;

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** This instance's own counts: what the limits fall back to while Redis cannot be reached. */
class LocalCounts {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  incr(key: string, windowMs: number): Counted {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.#windows.set(key, window);
      // Forget ended windows now and then, so that many one-off keys (addresses) do not pile up.
      if (this.#windows.size > 10_000)
        for (const [other, held] of this.#windows) if (held.endsAt <= now) this.#windows.delete(other);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }
}

/**
 * The store of @fastify/rate-limit for the portal (issue 40, defect 6): its counts live in Redis when
 * REDIS_URL is set, so N instances allow the limit once, not N times. It fails safe: while Redis cannot
 * be reached (or answers too slowly), each instance counts on its own with the same limit — never no
 * limit, never an error for the caller — and the shared counts resume when Redis is back.
 */
export function sharedRateLimitStore(
  redis: Redis | null,
  onShared: (shared: boolean) => void,
): FastifyRateLimitStoreCtor {
  const local = new LocalCounts();
  let shared = redis !== null;
  const report = (now: boolean) => {
    if (shared === now) return;
    shared = now;
    onShared(now);
  };
  class Store implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'portal:rate-limit:') {}

    // The limit itself (`max`, the fourth argument) is compared by the plugin: a store only counts.
    incr(key: string, callback: Callback, timeWindow: number): void {
      const name = this.prefix + key;
      const fallBack = () => {
        if (redis) report(false);
        callback(null, local.incr(name, timeWindow));
      };
      if (!redis || redis.status !== 'ready') {
        fallBack();
        return;
      }
      (redis.eval(INCREMENT, 1, name, String(timeWindow)) as Promise<[number, number]>).then(
        ([current, ttl]) => {
          report(true);
          callback(null, { current, ttl });
        },
        fallBack,
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      // One set of counts per route (its method and URL pattern), the same on every instance.
      const route =
        (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new Store(`${this.prefix}${[route.method ?? ''].flat().join(',')}${route.url ?? ''}:`);
    }
  }
  return Store as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Per-route request limits (`config.rateLimit`: client logging, SAML), answered as 429 problem+json.
 * Counted across instances through Redis when REDIS_URL is set (falling back to each instance's own
 * count while it is down); in this process otherwise.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitPluginOptions) => {
    let redis: Redis | null = null;
    if (options.redisUrl) {
      // Never queued while disconnected, and a slow answer counts as none: a request is never held up
      // by Redis (the local count answers instead).
      redis = new Redis(options.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 500,
        lazyConnect: false,
      });
      redis.on('error', () => undefined);
      const connection = redis;
      app.addHook('onClose', async () => {
        await connection.quit().catch(() => undefined);
        connection.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: false,
      store: sharedRateLimitStore(redis, (shared) => {
        if (shared) app.log.info('rate limits are shared through Redis again');
        else
          app.log.warn(
            'redis (rate limits) unreachable: each instance counts its own requests until it is back',
          );
      }),
      errorResponseBuilder: (_request, context) =>
        new HttpProblem(
          context.statusCode,
          ProblemType.rateLimited,
          'Too many requests',
          `Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InProcessHub, RedisHub, type LiveHub } from '../live/hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates to connected browsers (SSE), across instances when Redis is configured. */
    live: LiveHub;
  }
}

export interface LivePluginOptions {
  redisUrl: string | undefined;
}

/** The live hub of this instance: Redis pub/sub when REDIS_URL is set, in-process otherwise. */
export const livePlugin = fp(
  async (app: FastifyInstance, options: LivePluginOptions) => {
    let hub: LiveHub;
    if (options.redisUrl) {
      const redis = new RedisHub(options.redisUrl, (error) => {
        app.log.error(
          { err: error },
          'redis (live updates) error: live notifications fall back to polling until it answers',
        );
      });
      // An instance starts without Redis too (issue 40): its pages poll until Redis answers, then go live.
      if (!(await redis.ready()))
        app.log.warn(
          'redis (live updates) not reachable yet: live notifications fall back to polling until it is',
        );
      redis.onStatus((status) => {
        if (status === 'up') app.log.info('redis (live updates) is back: live notifications resume');
        else app.log.warn('redis (live updates) is down: live notifications fall back to polling');
      });
      hub = redis;
    } else {
      hub = new InProcessHub();
    }
    app.decorate('live', hub);
    app.addHook('onClose', async () => {
      await hub.close();
    });
  },
  { name: 'live' },
);

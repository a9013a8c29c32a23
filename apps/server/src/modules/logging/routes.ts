import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ClientLogRequestSchema, ClientLogResponseSchema, ProblemSchema } from '@portal/contracts';
import { recordClientEvents } from './service';

/** SPEC §7 `POST v1/Logging`: client monitoring events. Public, so it is size- and rate-limited. */
export const loggingRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/v1/Logging',
    {
      schema: {
        tags: ['logging'],
        summary: 'Record client monitoring events',
        description:
          'Up to 20 events per call. Identifiers and credentials in free text are removed before storage.',
        body: ClientLogRequestSchema,
        response: { 202: ClientLogResponseSchema, 400: ProblemSchema, 429: ProblemSchema },
      },
      bodyLimit: 64 * 1024,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const accepted = await recordClientEvents(app.database.db, request.body.events, {
        requestId: request.id,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(202).send({ accepted });
    },
  );
  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { BROKER_SEARCH_LIMIT, BrokerSearchQuerySchema, BrokerSearchResponseSchema, ProblemSchema } from '@portal/contracts';
import { requirePrincipal } from '../../auth/access';
import { searchBrokers } from './repository';

export const brokerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Broker/search',
    {
      schema: {
        tags: ['broker'],
        summary: 'Search the broker directory by name or NPN',
        description:
          'SPEC §7 `GET v1/Broker/search` (SPEC §3 Broker search: firstName, lastName, npn). At least one parameter; names match from their start, case-insensitively; the NPN exactly. At most 50 brokers, by last name. Public directory facts only (name, NPN, agency, phone, email), so any signed-in caller may search (members look a broker up to change broker).',
        querystring: BrokerSearchQuerySchema,
        response: { 200: BrokerSearchResponseSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => {
      requirePrincipal(request);
      return { items: await searchBrokers(app.database.db, request.query, BROKER_SEARCH_LIMIT) };
    },
  );
  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  BROKER_SEARCH_LIMIT,
  BrokerSearchQuerySchema,
  BrokerSearchResponseSchema,
  ChangeBrokerRequestSchema,
  PolicyParamsSchema,
  ProblemSchema,
  ServiceRequestSchema,
} from '@portal/contracts';
import { requirePrincipal } from '../../auth/access';
import { changeBroker } from './commands';
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

  app.post(
    '/v1/Policy/:policyId/broker',
    {
      config: { idempotent: true },
      schema: {
        tags: ['broker'],
        summary: 'Ask to change or remove the policy’s broker of record',
        description:
          'Issue 12, SPEC §2 /admin/policy-selection/broker. `{ change: "change", brokerId, authorize: true }` (the member authorises the new broker) or `{ change: "remove" }`: a `change-broker` service request that staff review. Refused with 422 and a field code: `no-household`, `request-pending` (param `reference`), `broker-unknown`, `broker-unchanged`, `broker-not-licensed` (param `state`), `no-broker`. Needs `Idempotency-Key`; role action `change-broker`.',
        params: PolicyParamsSchema,
        body: ChangeBrokerRequestSchema,
        response: {
          201: ServiceRequestSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await changeBroker(request, request.params.policyId, request.body)),
  );
  done();
};

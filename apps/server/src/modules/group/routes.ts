import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  GroupFromSubscribersQuerySchema,
  GroupFromSubscribersResponseSchema,
  ProblemSchema,
} from '@portal/contracts';
import { requirePrincipal } from '../../auth/access';
import { groupsOfSubscribers } from './service';

export const groupRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Group/FromSubscribers',
    {
      schema: {
        tags: ['group'],
        summary: 'The employer groups of these subscribers',
        description:
          'SPEC §7 `GET v1/Group/FromSubscribers?subscriberEntityIds=a,b` (issuer subscriber ids, comma-separated, at most 50). An empty list gives an empty answer, not an error. Only groups reached through policies the caller may see.',
        querystring: GroupFromSubscribersQuerySchema,
        response: { 200: GroupFromSubscribersResponseSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { items, policyIds } = await groupsOfSubscribers(
        app.database.db,
        principal,
        request.query.subscriberEntityIds,
      );
      if (policyIds.length > 0) {
        await request.audit({
          action: 'read',
          outcome: 'success',
          recordType: 'group',
          recordIds: [...items.map((group) => group.id), ...policyIds.map((id) => `policy:${id}`)],
        });
      }
      return { items };
    },
  );
  done();
};

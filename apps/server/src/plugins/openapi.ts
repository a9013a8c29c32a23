import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ProblemType } from '@portal/contracts';
import { renderApiDocs } from '../lib/api-docs';
import { PUBLIC_API_ROUTES, routeKey } from './auth';

export interface OpenApiOptions {
  version: string;
}

/**
 * An operation's declared security is what the auth plugin enforces, from the same list
 * (`PUBLIC_API_ROUTES`): `security: []` for a public route, the document's bearer requirement for every
 * other one, whatever a route's own schema says (issue 33 item 9: the processor's webhook and the demo
 * member route were public in fact and listed as needing a token).
 */
const securityFromAuth: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const methods = [input.route.method].flat();
  const isPublic = methods.some((method) => PUBLIC_API_ROUTES.has(routeKey(method, input.url)));
  const schema: Record<string, unknown> = { ...transformed.schema };
  if (isPublic) schema.security = [];
  else delete schema.security;
  return { ...transformed, schema };
};

/**
 * The OpenAPI document is generated from the zod schemas of the routes themselves, so it cannot drift
 * from what the server validates. `/api/openapi.json` serves it; `/api/docs` renders it for people.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: OpenApiOptions) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Member portal API',
          version: options.version,
          description:
            'REST API of the member self-service portal. Errors are application/problem+json (RFC 9457) with a stable `type`: ' +
            Object.values(ProblemType).join(', ') +
            '.',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'An access token from the consumer or workforce identity provider, or a portal session token (guests, asserted sessions).',
            },
          },
        },
        // Every operation needs a bearer token unless it says `security: []` (the public routes, set by securityFromAuth).
        security: [{ bearerAuth: [] }],
        tags: [
          { name: 'system', description: 'Health and API description' },
          { name: 'logging', description: 'Client monitoring events' },
          { name: 'session', description: 'The signed-in caller' },
        ],
      },
      transform: securityFromAuth,
      transformObject: jsonSchemaTransformObject,
    });

    app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
    app.get('/api/docs', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(renderApiDocs(app.swagger())),
    );
  },
  { name: 'openapi' },
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_API_ROUTES } from '../src/plugins/auth';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { buildWorld, type Caller, type World } from './world';

/**
 * Issue 33 item 9, "truth of the API": the OpenAPI document says of every operation whether it needs a
 * token, and that is what the server enforces. The test reads `/api/openapi.json` itself — nothing here
 * names a route — so a route added tomorrow is checked the day it is added.
 */

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: unknown;
}
interface OpenApiDocument {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);
/** What the document leaves out on purpose: itself and its page. */
const UNDOCUMENTED = new Set(['GET /api/openapi.json', 'GET /api/docs']);
/** The callers a non-public operation must refuse: no token, and tokens that are not ours. */
const STRANGERS: Caller[] = ['anonymous', 'forgedAlgNone', 'forgedWrongKey', 'forgedWrongIssuer', 'expired'];

describe('the OpenAPI document tells the truth about who may call each operation', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    database = await openTestDatabase();
    let dataDir: string;
    // Demo mode (the test default) so the demo-only public route is in the document too.
    ({ app, dataDir } = await buildTestApp({ database: database.handle }));
    world = await buildWorld(app, database.handle.db, dataDir);
    doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => {
          const declared = operation.security ?? doc.security ?? [];
          return {
            key: `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`,
            method: method.toUpperCase() as 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
            // Path parameters filled with something of the right shape for most routes; auth answers first anyway.
            url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
            isPublic: declared.length === 0,
            hasBody: operation.requestBody !== undefined,
          };
        }),
    );

  it('issue 33 item 9: marks exactly the public routes (the processor webhook and the demo member route included) with security: []', () => {
    const declaredPublic = operations()
      .filter((operation) => operation.isPublic)
      .map((operation) => operation.key)
      .sort();
    const enforcedPublic = [...PUBLIC_API_ROUTES].filter((route) => !UNDOCUMENTED.has(route)).sort();
    expect(declaredPublic).toEqual(enforcedPublic);
    expect(declaredPublic).toEqual(
      expect.arrayContaining(['POST /api/v1/processor/webhook', 'POST /api/v1/demo/member']),
    );
    // The document's default is the bearer token: an operation that says nothing needs one.
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('issue 33 item 9: every operation not declared public refuses anonymous and forged callers with 401, before validating the body', async () => {
    const wrong: string[] = [];
    for (const operation of operations().filter((candidate) => !candidate.isPublic)) {
      for (const caller of STRANGERS) {
        const token = world.tokens[caller];
        const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
        // With no body, with a body that fails validation, and with one that is not even JSON: 401 each time.
        const bodies =
          operation.method === 'GET'
            ? [undefined]
            : [undefined, '{"no-such-field":[1,2,3]}', '{"truncated":'];
        for (const payload of bodies) {
          const response = await app.inject({
            method: operation.method,
            url: operation.url,
            headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            ...(payload === undefined ? {} : { payload }),
          });
          if (
            response.statusCode !== 401 ||
            !String(response.headers['www-authenticate']).startsWith('Bearer')
          ) {
            wrong.push(
              `${operation.key} ${caller} ${payload === undefined ? 'no body' : payload}: ${response.statusCode}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('issue 33 item 9: every operation declared public answers an anonymous caller itself (never 401 or 403)', async () => {
    const publicOperations = operations().filter((operation) => operation.isPublic);
    expect(publicOperations.length).toBeGreaterThan(5);
    for (const operation of publicOperations) {
      // A body its own rules refuse (or, for the webhook, a missing signature): the route's answer, not the sign-in wall.
      // Sent as the portal's pages send it (the CSRF header, docs/decisions/050), with no credentials.
      const response = await app.inject({
        method: operation.method,
        url: operation.url,
        headers: {
          'x-portal-csrf': '1',
          ...(operation.hasBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(operation.hasBody ? { payload: '{"language":42}' } : {}),
      });
      expect(
        [401, 403],
        `${operation.key}: ${response.statusCode} ${response.body.slice(0, 200)}`,
      ).not.toContain(response.statusCode);
      expect(response.statusCode, operation.key).toBeLessThan(500);
    }
  });
});

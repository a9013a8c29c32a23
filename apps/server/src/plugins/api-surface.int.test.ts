import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ProblemSchema, ProblemType } from '@portal/contracts';
import { buildTestApp } from '../../test/app';
import { openTestDatabase, type TestDatabase } from '../../test/database';

describe('API surface: OpenAPI, docs, errors, headers', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({ database: database.handle }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('publishes an OpenAPI 3 document generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { security?: unknown[]; requestBody?: unknown; responses: object }>
      >;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/v1/Logging']));
    expect(doc.paths['/api/v1/Logging']?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths['/api/health']?.get?.responses ?? {})).toEqual(['200', '503']);
    // Public routes say so with an empty security list.
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Health', 'ClientEvent', 'Problem']),
    );
    // The document itself and the docs page are not listed as API operations.
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('renders human API docs without scripts', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('/api/v1/Logging');
    expect(response.body).toContain('public (no sign-in)');
    expect(response.body).not.toMatch(/<script/i);
  });

  it('answers an unknown API path with a problem+json 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/NoSuchThing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = ProblemSchema.parse(response.json());
    expect(problem).toMatchObject({
      type: ProblemType.notFound,
      status: 404,
      instance: '/api/v1/NoSuchThing',
    });
    expect(problem.requestId).toBe(response.headers['x-request-id']);
  });

  it('refuses malformed JSON with a problem+json 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/Logging',
      headers: { 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(ProblemSchema.parse(response.json()).type).toBe(ProblemType.badRequest);
  });

  it('refuses a non-JSON body with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/Logging',
      headers: { 'content-type': 'text/xml' },
      payload: '<events/>',
    });
    expect(response.statusCode).toBe(415);
    expect(ProblemSchema.parse(response.json()).type).toBe(ProblemType.unsupportedMediaType);
  });

  it('sets the security headers on every response', async () => {
    for (const url of ['/api/health', '/api/v1/NoSuchThing', '/api/docs']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
      // Plain HTTP: no HSTS (it would be ignored, and must not stick to a local address).
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS when the request came over HTTPS through a trusted proxy', async () => {
    const { app: proxied } = await buildTestApp({ database: database.handle, env: { TRUST_PROXY: 'true' } });
    const response = await proxied.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    await proxied.close();
  });

  it('keeps a sane incoming X-Request-Id and replaces anything else', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

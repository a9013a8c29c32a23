import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';

/**
 * Issue 14, finding 5: TRUST_PROXY names the proxies (addresses/CIDRs or a hop count). A client that
 * sets X-Forwarded-For itself changes neither the address the limits count nor the one the logs and
 * the audit table record.
 */
describe('TRUST_PROXY with the proxies’ addresses', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logs: string[];
  const PROXY = '10.20.0.0/16';
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, logs } = await buildTestApp({
      database: database.handle,
      env: { TRUST_PROXY: PROXY },
      captureLogs: true,
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const event = { events: [{ level: 'debug', event: 'tick' }] };

  it('counts a direct client by its own address however it forges X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/Logging',
        payload: event,
        remoteAddress: '203.0.113.77',
        headers: { 'x-forwarded-for': `198.51.100.${String(i + 1)}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 202)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('records the real peer in the audit table and the logs, never the forged address', async () => {
    const before = logs.length;
    const forged = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      remoteAddress: '203.0.113.78',
      headers: { 'x-forwarded-for': '192.0.2.250' },
    });
    expect(forged.statusCode).toBe(401);
    const [entry] = await database.handle.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.requestId, String(forged.headers['x-request-id'])));
    expect(entry?.ip).toBe('203.0.113.78');
    expect(logs.slice(before).join('\n')).not.toContain('192.0.2.250');
  });

  it('takes the client address from the listed proxy, and limits each client on its own', async () => {
    const proxied = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      remoteAddress: '10.20.3.4',
      headers: { 'x-forwarded-for': '192.0.2.251' },
    });
    const [entry] = await database.handle.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.requestId, String(proxied.headers['x-request-id'])));
    expect(entry?.ip).toBe('192.0.2.251');
    // Two clients behind the same proxy do not share a limit.
    for (let i = 0; i < 60; i += 1) {
      await app.inject({
        method: 'POST',
        url: '/api/v1/Logging',
        payload: event,
        remoteAddress: '10.20.3.4',
        headers: { 'x-forwarded-for': '192.0.2.10' },
      });
    }
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/Logging',
      payload: event,
      remoteAddress: '10.20.3.4',
      headers: { 'x-forwarded-for': '192.0.2.11' },
    });
    expect(other.statusCode).toBe(202);
  });

  it('with a hop count, takes the address the last proxy saw', async () => {
    const { app: hops } = await buildTestApp({ database: database.handle, env: { TRUST_PROXY: '1' } });
    try {
      const response = await hops.inject({
        method: 'GET',
        url: '/api/v1/session',
        remoteAddress: '10.99.0.1',
        headers: { 'x-forwarded-for': '192.0.2.66, 198.51.100.99' },
      });
      const [entry] = await database.handle.db
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .where(eq(auditLog.requestId, String(response.headers['x-request-id'])));
      expect(entry?.ip).toBe('198.51.100.99');
    } finally {
      await hops.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ProblemSchema, ProblemType } from '@portal/contracts';
import { asc } from 'drizzle-orm';
import { buildTestApp } from '../../../test/app';
import { useTestApp } from '../../../test/harness';
import { clientEvents } from '../../db/schema';

describe('POST /api/v1/Logging', () => {
  const harness = useTestApp();

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'POST', url: '/api/v1/Logging', payload: payload as object, headers });

  it('stores events and answers how many were accepted', async () => {
    const response = await post(
      {
        events: [
          {
            level: 'error',
            event: 'config-load-failed',
            message: 'Error Loading Configurations or Languages',
            page: '/account-overview?tab=1',
          },
          { level: 'info', event: 'language-changed', details: { from: 'en', to: 'es' } },
        ],
      },
      { 'user-agent': 'vitest' },
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    const rows = await harness.db.select().from(clientEvents).orderBy(asc(clientEvents.id));
    expect(rows.map((r) => [r.level, r.event, r.page, r.userAgent])).toEqual([
      ['error', 'config-load-failed', '/account-overview', 'vitest'],
      ['info', 'language-changed', null, 'vitest'],
    ]);
    expect(rows[1]?.details).toEqual({ from: 'en', to: 'es' });
    expect(rows[0]?.requestId).toBe(response.headers['x-request-id']);
  });

  it('never stores card numbers, SSNs or tokens a browser put in an event', async () => {
    const response = await post({
      events: [
        {
          level: 'error',
          event: 'payment-form-error',
          message:
            'failed for 4111 1111 1111 1111 / 123-45-6789 with Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig',
          details: { cardNumber: '4111111111111111', nested: { note: 'acct 000123456789' }, cvv: '123' },
        },
      ],
    });
    expect(response.statusCode).toBe(202);
    const stored = JSON.stringify(await harness.db.select().from(clientEvents));
    for (const secret of ['4111', '123-45-6789', 'eyJhbGci', '000123456789', '"123"']) {
      expect(stored).not.toContain(secret);
    }
    expect(stored).toContain('[REDACTED]');
  });

  it('refuses invalid events with the field and the reason, storing none of them', async () => {
    const before = (await harness.db.select().from(clientEvents)).length;
    const response = await post({
      events: [
        { level: 'info', event: 'ok' },
        { level: 'loud', event: 'has spaces' },
      ],
    });
    expect(response.statusCode).toBe(400);
    const problem = ProblemSchema.parse(response.json());
    expect(problem.type).toBe(ProblemType.validation);
    expect(problem.errors?.map((e) => e.field).sort()).toEqual([
      'body.events.1.event',
      'body.events.1.level',
    ]);
    expect((await harness.db.select().from(clientEvents)).length).toBe(before);
  });

  it('refuses more than 20 events in one call and an empty list', async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ level: 'info', event: `e${i}` }));
    expect((await post({ events: many })).statusCode).toBe(400);
    expect((await post({ events: [] })).statusCode).toBe(400);
  });

  it('limits each address to 60 calls a minute', async () => {
    const { app: limited } = await buildTestApp({ database: harness.database.handle });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const response = await limited.inject({
        method: 'POST',
        url: '/api/v1/Logging',
        payload: { events: [{ level: 'debug', event: 'tick' }] },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
      if (i === 60) {
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(ProblemSchema.parse(response.json()).type).toBe(ProblemType.rateLimited);
      }
    }
    expect(statuses.slice(0, 60).every((s) => s === 202)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another address is not affected.
    const other = await limited.inject({
      method: 'POST',
      url: '/api/v1/Logging',
      payload: { events: [{ level: 'debug', event: 'tick' }] },
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(202);
    await limited.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { openTestDatabase, type TestDatabase } from '../../test/database';

describe('server logs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('are JSON lines with request ids and never carry credentials, SSNs, card or account numbers', async () => {
    const { app, logs } = await buildTestApp({ database: database.handle, captureLogs: true });
    const secrets = {
      bearer: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJtZW1iZXIifQ.c2lnbmF0dXJl',
      card: '4111111111111111',
      ssn: '078-05-1120',
      account: '000123456789',
      password: 'correct-horse-battery',
    };
    await app.inject({
      method: 'GET',
      url: `/api/health?access_token=${secrets.bearer}&ssn=${secrets.ssn}`,
      headers: {
        authorization: `Bearer ${secrets.bearer}`,
        cookie: `session=${secrets.password}`,
        'x-request-id': 'req-42',
      },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/Logging',
      payload: {
        events: [{ level: 'error', event: 'x', message: `card ${secrets.card} acct ${secrets.account}` }],
      },
    });
    // An error that carries sensitive values in its message reaches the error log scrubbed.
    app.log.error(
      { err: new Error(`charge of ${secrets.card} failed`), password: secrets.password },
      `ssn ${secrets.ssn}`,
    );
    await app.close();

    // The two requests' lines, the client event, the error.
    expect(logs.length).toBeGreaterThanOrEqual(3);
    // One line per request (docs/decisions/035): when it completes, with what was asked and the answer.
    const health = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.requestId === 'req-42');
    expect(health.map((entry) => entry.msg)).toEqual(['request completed']);
    expect(health[0]).toMatchObject({ req: { method: 'GET' }, res: { statusCode: 200 } });
    expect(typeof health[0]?.responseTime).toBe('number');
    const parsed = logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.some((entry) => entry.requestId === 'req-42')).toBe(true);
    const text = logs.join('\n');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(text, name).not.toContain(secret);
    }
  });
});

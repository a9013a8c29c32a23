import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hashOf,
  PostgresWebSessions,
  Sealer,
  type NewWebSession,
  type WebSessionStore,
} from '../src/auth/web-sessions';
import { RedisWebSessions } from '../src/auth/web-sessions-redis';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { createAccount, createMemberWithPolicy, PASSWORD } from './fixtures';
import { useTestApp } from './harness';
import { browserSignIn, HOST } from './oidc';

/**
 * Issue 35, decision 050: the web sessions live in PostgreSQL by default or in Redis (SESSION_STORE=redis).
 * Both stores keep the same rules; the same tests run on each (Redis: the machine's, 127.0.0.1:6379).
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const sealer = new Sealer(['a session secret of at least thirty-two characters']);

const newSession = (overrides: Partial<NewWebSession> = {}): NewWebSession => ({
  kind: 'oidc',
  flavour: 'consumer',
  subject: `subject-${String(Math.random())}`,
  tokens: { accessToken: 'eyJ.access.token', refreshToken: 'refresh-secret-value', idToken: 'eyJ.id.token' },
  accessExpiresAt: new Date(Date.now() + 60_000),
  profile: { preferred_username: 'maria' },
  idleSeconds: 900,
  lifetimeSeconds: 3600,
  ...overrides,
});

let database: TestDatabase;
const redisStores: RedisWebSessions[] = [];
const redisStore = () => {
  const store = new RedisWebSessions(REDIS_URL, sealer);
  redisStores.push(store);
  return store;
};

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(redisStores.map((store) => store.close()));
  await database.dispose();
});

const stores: [string, () => Promise<WebSessionStore>][] = [
  ['PostgreSQL', () => Promise.resolve(new PostgresWebSessions(database.handle.db, sealer))],
  [
    'Redis',
    async () => {
      const store = redisStore();
      await store.ready();
      return store;
    },
  ],
];

describe.each(stores)('the %s session store', (name, open) => {
  it('keeps a session under the hash of its id, its tokens sealed, and finds it by the id alone', async () => {
    const store = await open();
    const id = await store.create(newSession());
    const found = await store.find(id);
    expect(found).toMatchObject({
      kind: 'oidc',
      flavour: 'consumer',
      profile: { preferred_username: 'maria' },
    });
    expect(found?.tokens).toEqual({
      accessToken: 'eyJ.access.token',
      refreshToken: 'refresh-secret-value',
      idToken: 'eyJ.id.token',
    });
    expect(await store.find('x'.repeat(43))).toBeNull();
    expect(await store.find('not a cookie value')).toBeNull();
    if (name === 'Redis') {
      // Nothing in Redis names the cookie or holds a token in the clear.
      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`portal:web-session:*`);
        expect(keys.join(' ')).not.toContain(id);
        expect(keys).toContain(`portal:web-session:${hashOf(id)}`);
        const fields = await redis.hgetall(`portal:web-session:${hashOf(id)}`);
        // The tokens themselves, not `eyJ` alone, which random sealed bytes in base64url may hold by chance.
        expect(JSON.stringify(fields)).not.toMatch(/eyJ\.access\.token|eyJ\.id\.token|refresh-secret-value/);
        // Redis itself forgets it at the idle limit at the latest.
        const ttl = await redis.pttl(`portal:web-session:${hashOf(id)}`);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(900_000);
      } finally {
        redis.disconnect();
      }
    }
  });

  it('ends a session left idle past its limit, and one past its absolute expiry', async () => {
    const store = await open();
    const idle = await store.create(newSession({ idleSeconds: 1 }));
    const short = await store.create(newSession({ lifetimeSeconds: 1 }));
    const kept = await store.create(newSession({ idleSeconds: 3 }));
    expect(await store.find(idle)).not.toBeNull();
    // A use marks it seen: `kept` is used every second and outlives its 3 s idle limit.
    for (let second = 0; second < 4; second += 1) {
      await sleep(1_000);
      expect(await store.find(kept), `used after ${String(second + 1)} s`).not.toBeNull();
    }
    expect(await store.find(idle)).toBeNull();
    expect(await store.find(short)).toBeNull();
  });

  it('rotates: the new id names the session, the old names nothing', async () => {
    const store = await open();
    const id = await store.create(newSession());
    const next = await store.rotate(id);
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(id);
    expect(await store.find(id)).toBeNull();
    expect(await store.find(next ?? '')).toMatchObject({ profile: { preferred_username: 'maria' } });
    expect(await store.rotate(id)).toBeNull();
  });

  it('removes a session and gives back what it held (to revoke its refresh token)', async () => {
    const store = await open();
    const id = await store.create(newSession());
    const removed = await store.remove(id);
    expect(removed?.tokens.refreshToken).toBe('refresh-secret-value');
    expect(await store.find(id)).toBeNull();
    expect(await store.remove(id)).toBeNull();
  });

  it('renews the tokens once when two instances ask at the same time (a refresh token is used once)', async () => {
    const [one, two] = [await open(), await open()];
    const id = await one.create(newSession({ accessExpiresAt: new Date(Date.now() + 1_000) }));
    let renewals = 0;
    const renew = async () => {
      renewals += 1;
      await sleep(300);
      return {
        tokens: { accessToken: 'eyJ.renewed', refreshToken: 'refresh-2', idToken: null },
        accessExpiresAt: new Date(Date.now() + 300_000),
      };
    };
    const answers = await Promise.all([
      one.renewTokens(id, renew),
      two.renewTokens(id, renew),
      one.renewTokens(id, renew),
    ]);
    expect(renewals).toBe(1);
    for (const answer of answers) expect(answer?.tokens.accessToken).toBe('eyJ.renewed');
    expect((await two.find(id))?.tokens.refreshToken).toBe('refresh-2');
  });
});

describe('SESSION_STORE=redis in the app', () => {
  const harness = useTestApp({ env: { SESSION_STORE: 'redis', REDIS_URL } });

  it('signs a member in with the session in Redis, not in the database', async () => {
    const { memberId, householdId } = await createMemberWithPolicy(harness.db);
    const account = await createAccount(harness.db, { realm: 'consumer', roles: ['member'], memberId });
    const { jar } = await browserSignIn(harness.app, 'consumer', account.username, PASSWORD);
    const id = jar.get('portal-session') ?? '';
    const session = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { host: HOST, cookie: jar.header() },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ kind: 'member', householdId });
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.exists(`portal:web-session:${hashOf(id)}`)).toBe(1);
    } finally {
      redis.disconnect();
    }
  });

  it('fails closed while Redis cannot be reached: a signed-in call is answered 503 with Retry-After, never let through', async () => {
    // A Redis on a port where nothing listens: the store cannot answer.
    const { app } = await buildTestApp({
      database: harness.database.handle,
      env: { SESSION_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:9' },
    });
    try {
      const cookie = `portal-session=${'A'.repeat(43)}`;
      const answer = await app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { host: HOST, cookie },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(answer.headers['content-type']).toMatch(/problem\+json/);
      expect(answer.body).not.toMatch(/redis|ECONNREFUSED|127\.0\.0\.1/i);
    } finally {
      await app.close();
    }
  });
});

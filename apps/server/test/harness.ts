import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { buildTestApp, type TestAppOptions } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { createAccount, PASSWORD } from './fixtures';
import { signIn } from './oidc';

export interface TestHarness {
  readonly app: FastifyInstance;
  readonly db: Database;
  /** The database handle, for a test that builds a second app on the same data. */
  readonly database: TestDatabase;
  /** A new account with these roles (and links), signed in through the real provider: its access token. */
  readonly tokenFor: (realm: 'consumer' | 'workforce', roles: string[], link?: { memberId?: string; brokerId?: string }) => Promise<string>;
}

/**
 * A fresh database and app for the surrounding `describe` block (built before its tests, closed after),
 * plus signed-in tokens on demand: the setup every API integration test shares.
 */
export function useTestApp(options: Omit<TestAppOptions, 'database'> = {}): TestHarness {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({ ...options, database: database.handle }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });
  const ready = () => {
    if (!app || !database) throw new Error('useTestApp: the app is built in beforeAll; use it inside tests');
    return { app, database };
  };
  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().database.handle.db;
    },
    get database() {
      return ready().database;
    },
    tokenFor: async (realm, roles, link = {}) => {
      const { app: current, database: db } = ready();
      const account = await createAccount(db.handle.db, { realm, roles, ...link });
      return (await signIn(current, realm, account.username, PASSWORD)).accessToken;
    },
  };
}

import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { actFor, type ActingFor } from './acting';
import { buildTestApp, type TestAppOptions } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { createAccount, PASSWORD } from './fixtures';
import { signIn } from './oidc';
import { startTestSandbox, type TestSandbox, type TestSandboxOptions } from './sandbox';

export interface TestHarness {
  readonly app: FastifyInstance;
  readonly db: Database;
  /** The database handle, for a test that builds a second app on the same data. */
  readonly database: TestDatabase;
  /**
   * The sandbox processor behind the app (only with `sandbox` in the options; `{ settleDelayMs }` to
   * have bank payments settle quickly): its webhooks reach the app, which listens on a free port.
   */
  readonly sandbox: TestSandbox;
  /** Captured log lines (only with `captureLogs`). */
  readonly logs: string[];
  /** A new account with these roles (and links), signed in through the real provider: its access token. */
  readonly tokenFor: (
    realm: 'consumer' | 'workforce',
    roles: string[],
    link?: { memberId?: string; brokerId?: string },
  ) => Promise<string>;
  /**
   * A new staff account with these roles, signed in and acting for this member (docs/decisions/043:
   * staff touch a member's records only in an acting session for them): its access token.
   */
  readonly actingToken: (roles: string[], target: ActingFor) => Promise<string>;
  /**
   * What a page of the portal does for the caller signed in with `bearer` (only with `sandbox`): asks
   * the portal for the hosted fields (which opens a tokenisation session for the caller at the
   * processor, docs/decisions/039), then tokenises the typed card or account in that session. The
   * token is the caller's household's (or guest session's).
   */
  readonly cardToken: (
    bearer: string,
    number: string,
    options?: { expiry?: string; cvc?: string; postalCode?: string },
  ) => Promise<string>;
  readonly bankToken: (
    bearer: string,
    accountNumber: string,
    options?: { routingNumber?: string; accountType?: 'Checking' | 'Savings' },
  ) => Promise<string>;
  /** The tokenisation session the portal opens for this caller (the hosted fields page carries it). */
  readonly tokenizationSession: (bearer: string) => Promise<string>;
}

/**
 * A fresh database and app for the surrounding `describe` block (built before its tests, closed after),
 * plus signed-in tokens on demand: the setup every API integration test shares.
 */
export function useTestApp(
  options: Omit<TestAppOptions, 'database' | 'processor'> & { sandbox?: boolean | TestSandboxOptions } = {},
): TestHarness {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let sandbox: TestSandbox | undefined;
  let logs: string[] = [];
  beforeAll(async () => {
    const { sandbox: withSandbox, ...appOptions } = options;
    // With a sandbox, the app also listens on a free port: the sandbox's webhooks (bank payments
    // settling after `settleDelayMs`) reach its real webhook route over HTTP.
    let webhookUrl: string | null = null;
    if (withSandbox)
      sandbox = await startTestSandbox({
        ...(withSandbox === true ? {} : withSandbox),
        webhookUrl: () => webhookUrl,
      });
    database = await openTestDatabase();
    ({ app, logs } = await buildTestApp({
      ...appOptions,
      database: database.handle,
      ...(sandbox ? { processor: sandbox.processor } : {}),
    }));
    if (sandbox) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (typeof address === 'object' && address)
        webhookUrl = `http://127.0.0.1:${address.port}/api/v1/processor/webhook`;
    }
  });
  afterAll(async () => {
    // The sandbox first: no webhook is sent to an app that is closing.
    await sandbox?.close();
    await app?.close();
    await database?.dispose();
  });
  const ready = () => {
    if (!app || !database) throw new Error('useTestApp: the app is built in beforeAll; use it inside tests');
    return { app, database };
  };
  const tokenizationSession = async (bearer: string) => {
    const current = ready().app;
    const parentOrigin = new URL(current.settings.publicUrl).origin;
    const response = await current.inject({
      method: 'GET',
      url: `/api/v1/processor/hosted-fields?language=en&parentOrigin=${encodeURIComponent(parentOrigin)}`,
      headers: { authorization: `Bearer ${bearer}` },
    });
    const session =
      response.statusCode === 200
        ? new URL(response.json<{ card: string }>().card).searchParams.get('session')
        : null;
    if (!session) throw new Error(`hosted fields: ${response.statusCode} ${response.body}`);
    return session;
  };
  return {
    tokenizationSession,
    cardToken: async (bearer, number, options = {}) => {
      if (!sandbox) throw new Error('useTestApp: pass { sandbox: true } to make payment tokens');
      return sandbox.cardToken(number, { ...options, session: await tokenizationSession(bearer) });
    },
    bankToken: async (bearer, accountNumber, options = {}) => {
      if (!sandbox) throw new Error('useTestApp: pass { sandbox: true } to make payment tokens');
      return sandbox.bankToken(accountNumber, { ...options, session: await tokenizationSession(bearer) });
    },
    get app() {
      return ready().app;
    },
    get db() {
      return ready().database.handle.db;
    },
    get database() {
      return ready().database;
    },
    get sandbox() {
      if (!sandbox) throw new Error('useTestApp: pass { sandbox: true } to get a sandbox processor');
      return sandbox;
    },
    get logs() {
      return logs;
    },
    tokenFor: async (realm, roles, link = {}) => {
      const { app: current, database: db } = ready();
      const account = await createAccount(db.handle.db, { realm, roles, ...link });
      return (await signIn(current, realm, account.username, PASSWORD)).accessToken;
    },
    actingToken: async (roles, target) => {
      const { app: current, database: db } = ready();
      const account = await createAccount(db.handle.db, { realm: 'workforce', roles });
      const token = (await signIn(current, 'workforce', account.username, PASSWORD)).accessToken;
      await actFor(current, token, target);
      return token;
    },
  };
}

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generateSharedSecrets } from '../src/auth/keys';
import { openPostgres, type DatabaseHandle } from '../src/db/client';
import type { PaymentProcessor } from '../src/processor/port';
import { buildTestApp, type TestAppOptions } from './app';
import type { ThrowawayPostgres } from './throwaway-postgres';

/**
 * Several portal instances on one PostgreSQL (issue 40), in this process: each with a connection pool of
 * its own (as separate processes have) and the secrets a deployment shares (`npm run keys`), so a token
 * one instance issued is accepted by the others. Fault tests stop the throw-away server under them.
 */
export interface FleetInstance {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/** A migrated database of its own on the throw-away server. */
export async function fleetDatabase(postgres: ThrowawayPostgres, name: string): Promise<string> {
  const url = await postgres.createDatabase(name);
  const handle = openPostgres({ connectionString: url, poolSize: 2 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return url;
}

/** The environment every instance of one test deployment shares. */
export async function sharedEnv(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const secrets = await generateSharedSecrets();
  return {
    IDP_SIGNING_JWK: secrets.IDP_SIGNING_JWK ?? '',
    PORTAL_SIGNING_JWK: secrets.PORTAL_SIGNING_JWK ?? '',
    IDP_COOKIE_SECRET: secrets.IDP_COOKIE_SECRET ?? '',
    ...extra,
  };
}

export async function startInstance(
  url: string,
  env: Record<string, string>,
  options: { processor?: PaymentProcessor; poolSize?: number } & Omit<
    TestAppOptions,
    'database' | 'env' | 'processor'
  > = {},
): Promise<FleetInstance> {
  const { processor, poolSize, ...rest } = options;
  const database = openPostgres({ connectionString: url, poolSize: poolSize ?? 4 });
  const { app } = await buildTestApp({
    ...rest,
    database,
    env: { DATABASE_URL: url, ...env },
    ...(processor ? { processor } : {}),
  });
  return { app, database };
}

export async function stopInstance(instance: FleetInstance): Promise<void> {
  await instance.app.close();
  await instance.database.close();
}

/** What a caller noticed of one answer: enough to say whether it leaked internals or misled. */
export interface Seen {
  route: string;
  status: number;
  type: string | undefined;
  retryAfter: string | undefined;
  body: string;
}

export function seen(route: string, response: LightMyRequestResponse): Seen {
  let type: string | undefined;
  try {
    type = response.json<{ type?: string }>().type;
  } catch {
    type = undefined;
  }
  const retryAfter = response.headers['retry-after'];
  return {
    route,
    status: response.statusCode,
    type,
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    body: response.body,
  };
}

/** Internals no answer may carry: SQL, table names, driver and socket messages, stack frames. */
export const INTERNALS =
  /\b(select [\w"*(]|insert into|delete from|update ")|Failed query|idempotency_records|ECONNREFUSED|57P01|terminating connection|Connection terminated|at [\w.<>]+ \(|node_modules/i;

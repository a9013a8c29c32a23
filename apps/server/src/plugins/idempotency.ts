import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, lt, sql } from 'drizzle-orm';
import { ProblemType } from '@portal/contracts';
import { idempotencyRecords } from '../db/schema';
import { HttpProblem } from './errors';
import { MAX_JSON_DEPTH } from './request-hygiene';

/**
 * Idempotency for command routes (docs/decisions/015). A route opts in with `config: { idempotent: true }`;
 * its callers must then send `Idempotency-Key` (1-255 visible characters). Keys belong to the caller:
 *
 * - the first request with a key runs and its answer (status and body) is kept for 24 hours;
 * - the same key with the same request replays that answer (`Idempotent-Replayed: true`), across
 *   restarts and instances (the records live in the database);
 * - the same key with a different request → 422;
 * - while the first request still runs, a second one waits up to a few seconds for its answer and
 *   replays it, else → 409 with `Retry-After`;
 * - an answer with a 5xx status is not kept: the request did not complete, so a retry runs it again (a
 *   payment is still charged once: the processor receives an idempotency key derived from this one);
 * - a request whose instance died mid-way leaves a lease (`lockedUntil`) that a retry takes over once
 *   it expires. The lease is short (5 s) and renewed every third of it while the request runs, so a
 *   live request keeps its key however long it takes, and a member retrying after a crash is answered
 *   within seconds (issue 40: a 60 s lease answered their retries 409 for a minute).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a command that requires an `Idempotency-Key` header. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The idempotency record this request runs under (set by the plugin on opted-in routes). */
    idempotency: { scope: string; key: string } | null;
    /** Stops renewing this request's lease (set while it holds one). */
    idempotencyHeartbeat: (() => void) | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,255}$/;
const RETENTION_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyOptions {
  /**
   * How long a request holds its key without renewing it before another instance may take it over (ms;
   * default 5 s). The running request renews it every third of this.
   */
  leaseMs?: number;
  /**
   * How long a concurrent duplicate waits for the first answer before 409 (ms; default a second longer
   * than the lease, so a retry after a crash takes the key over within its own wait).
   */
  waitMs?: number;
  /**
   * The secret the request's fingerprint is keyed with (the same on every instance). A plain hash of a
   * body that holds an SSN could be reversed by trying every value of the digits the stored answer does
   * not show; a keyed one cannot be without the secret, which is not in the database.
   */
  hashKey: string;
  /**
   * Fingerprints keyed with these match too: the key of PORTAL_SIGNING_JWK_ACCEPTED during a rotation, so a
   * retry answered by an instance with the other key is still the same request (docs/OPERATIONS.md).
   */
  acceptedHashKeys?: string[];
}

/**
 * A stable text of the request: method, route, path parameters and body with sorted keys. Bounded: the
 * JSON parser already refuses bodies nested deeper than MAX_JSON_DEPTH (issue 33 item 5), and a body that
 * reached here another way is refused the same, never walked until the stack runs out.
 */
function canonical(value: unknown, depth = 0): string {
  if (depth > MAX_JSON_DEPTH + 2) {
    throw new HttpProblem(
      400,
      ProblemType.badRequest,
      'Bad request',
      `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
    );
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function requestHash(request: FastifyRequest, hashKey: string): string {
  const text = canonical({
    method: request.method,
    route: request.routeOptions.url,
    params: request.params,
    body: request.body ?? null,
  });
  return createHmac('sha256', hashKey).update(text).digest('hex');
}

export { canonical as requestCanonicalForm };

/** The key as the processor should see it: unique per caller and key, revealing neither. */
export function processorKeyFor(idempotency: { scope: string; key: string }, purpose: string): string {
  return createHash('sha256')
    .update(`${purpose}\u0000${idempotency.scope}\u0000${idempotency.key}`)
    .digest('hex')
    .slice(0, 48);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const idempotencyPlugin = fp(
  (app: FastifyInstance, options: IdempotencyOptions) => {
    const leaseMs = options.leaseMs ?? 5_000;
    const waitMs = options.waitMs ?? leaseMs + 1_000;
    const db = app.database.db;
    app.decorateRequest('idempotency', null);
    app.decorateRequest('idempotencyHeartbeat', null);

    /** Renews the lease while the request runs; stops when it ends or when someone else holds the key. */
    function heartbeat(request: FastifyRequest, scope: string, key: string): () => void {
      const timer = setInterval(
        () => {
          void db
            .update(idempotencyRecords)
            .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
            .where(
              and(
                eq(idempotencyRecords.scope, scope),
                eq(idempotencyRecords.key, key),
                eq(idempotencyRecords.state, 'in-progress'),
              ),
            )
            .returning({ key: idempotencyRecords.key })
            .then(
              (renewed) => {
                if (renewed.length === 0) clearInterval(timer);
              },
              (error: unknown) => {
                // The database is away for a moment: the next beat tries again (the lease covers two misses).
                request.log.debug({ err: error }, 'idempotency lease not renewed');
              },
            );
        },
        Math.max(50, Math.floor(leaseMs / 3)),
      );
      timer.unref();
      return () => {
        clearInterval(timer);
      };
    }

    const replay = (reply: FastifyReply, status: number, body: unknown) =>
      reply
        .status(status)
        .header('Idempotent-Replayed', 'true')
        .type(status >= 400 ? 'application/problem+json' : 'application/json')
        .send(JSON.stringify(body));

    /** Takes the key for this request, or answers from (or about) the request that holds it. */
    async function claim(
      reply: FastifyReply,
      scope: string,
      key: string,
      hashes: string[],
    ): Promise<boolean> {
      const [hash = ''] = hashes;
      const deadline = Date.now() + waitMs;
      for (;;) {
        const inserted = await db
          .insert(idempotencyRecords)
          .values({
            scope,
            key,
            requestHash: hash,
            state: 'in-progress',
            lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
            expiresAt: sql`now() + ${RETENTION_MS} * interval '1 millisecond'`,
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyRecords.key });
        if (inserted.length > 0) return true;

        const [existing] = await db
          .select({
            requestHash: idempotencyRecords.requestHash,
            state: idempotencyRecords.state,
            responseStatus: idempotencyRecords.responseStatus,
            responseBody: idempotencyRecords.responseBody,
            expired: sql<boolean>`${idempotencyRecords.expiresAt} <= now()`,
            leaseOver: sql<boolean>`coalesce(${idempotencyRecords.lockedUntil} <= now(), true)`,
          })
          .from(idempotencyRecords)
          .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
        if (!existing) continue; // removed meanwhile (expired, or a 5xx answer): try to take it again
        if (existing.expired) {
          await db
            .delete(idempotencyRecords)
            .where(
              and(
                eq(idempotencyRecords.scope, scope),
                eq(idempotencyRecords.key, key),
                lt(idempotencyRecords.expiresAt, sql`now()`),
              ),
            );
          continue;
        }
        if (!hashes.includes(existing.requestHash)) {
          throw new HttpProblem(
            422,
            ProblemType.idempotencyKeyReused,
            'Idempotency key reused',
            'This Idempotency-Key was already used for a different request.',
          );
        }
        if (existing.state === 'completed' && existing.responseStatus !== null) {
          await replay(reply, existing.responseStatus, existing.responseBody);
          return false;
        }
        if (existing.leaseOver) {
          // The instance that ran it is gone: take the request over.
          const taken = await db
            .update(idempotencyRecords)
            .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
            .where(
              and(
                eq(idempotencyRecords.scope, scope),
                eq(idempotencyRecords.key, key),
                eq(idempotencyRecords.state, 'in-progress'),
                sql`coalesce(${idempotencyRecords.lockedUntil} <= now(), true)`,
              ),
            )
            .returning({ key: idempotencyRecords.key });
          if (taken.length > 0) return true;
          continue;
        }
        if (Date.now() >= deadline) {
          reply.header('Retry-After', '1');
          throw new HttpProblem(
            409,
            ProblemType.idempotencyInProgress,
            'Request in progress',
            'A request with this Idempotency-Key is still running. Try again in a moment.',
          );
        }
        await sleep(100);
      }
    }

    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config.idempotent) return;
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || !KEY.test(key)) {
        throw new HttpProblem(
          400,
          ProblemType.idempotencyKeyRequired,
          'Idempotency-Key required',
          'Send an Idempotency-Key header of 1-255 visible characters.',
          [
            {
              field: `header.${IDEMPOTENCY_HEADER}`,
              reason: 'required: 1-255 visible ASCII characters',
              code: 'idempotency-key',
            },
          ],
        );
      }
      // Keys are the caller's own: the same key from two callers names two requests.
      const scope = request.principal?.subject ?? `anonymous:${request.ip}`;
      const hashes = [options.hashKey, ...(options.acceptedHashKeys ?? [])].map((hashKey) =>
        requestHash(request, hashKey),
      );
      const proceed = await claim(reply, scope, key, hashes);
      if (!proceed) return reply; // answered from the first request
      request.idempotency = { scope, key };
      request.idempotencyHeartbeat = heartbeat(request, scope, key);
      return undefined;
    });

    // The renewals stop with the answer (onSend, below), or at the latest when the response is done. A
    // caller that goes away does not stop them: the request still runs to its end here.
    app.addHook('onResponse', (request, _reply, done) => {
      request.idempotencyHeartbeat?.();
      request.idempotencyHeartbeat = null;
      done();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const idempotency = request.idempotency;
      if (!idempotency) return payload;
      request.idempotency = null;
      request.idempotencyHeartbeat?.();
      request.idempotencyHeartbeat = null;
      const where = and(
        eq(idempotencyRecords.scope, idempotency.scope),
        eq(idempotencyRecords.key, idempotency.key),
      );
      if (reply.statusCode >= 500) {
        // The answer goes out whether or not the record can be removed: with the database down the delete
        // fails, and an error thrown here would reach Fastify's fallback handler, whose body carries the
        // error's message — the SQL (issue 40). The lease then runs out and a retry takes the key over.
        await db
          .delete(idempotencyRecords)
          .where(where)
          .catch((error: unknown) => {
            request.log.warn(
              { err: error },
              'idempotency record of a failed request not removed; its lease will run out',
            );
          });
        return payload;
      }
      let body: unknown = null;
      if (typeof payload === 'string' && payload !== '') {
        try {
          body = JSON.parse(payload) as unknown;
        } catch {
          body = payload;
        }
      }
      // The change is made and this is its answer: it goes out even when the record cannot be completed
      // (the database went away meanwhile). The caller has its answer; only a replay of it is lost.
      await db
        .update(idempotencyRecords)
        .set({ state: 'completed', responseStatus: reply.statusCode, responseBody: body, lockedUntil: null })
        .where(where)
        .catch((error: unknown) => {
          request.log.error(
            { err: error },
            'idempotency record not completed: a retry with this key may run the request again',
          );
        });
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['db', 'errors'] },
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ProblemType } from '@portal/contracts';
import type { RoleConfig } from '@portal/domain';
import { openTestDatabase, type TestDatabase } from './database';
import { auditLog, households, notifications, outboxEvents } from '../src/db/schema';
import type { Principal } from '../src/auth/principal';
import { auditPlugin } from '../src/plugins/audit';
import { runCommand, ruleViolation } from '../src/plugins/command';
import { dbPlugin } from '../src/plugins/db';
import { errorsPlugin, HttpProblem } from '../src/plugins/errors';
import { idempotencyPlugin } from '../src/plugins/idempotency';
import { outboxPlugin } from '../src/plugins/outbox';
import { notifyHousehold } from '../src/modules/notification/outbox-handler';

/**
 * The write path on its own (docs/decisions/014, 015): a small app with the real plugins on a real
 * database and one command route. Who calls is set by a header here; the real routes are tested with
 * real tokens in their modules.
 */
/** Rows of a raw query, whichever driver ran it (both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const roles: RoleConfig = {
  guestRole: 'guest',
  roles: {
    member: { routes: ['*'], actions: ['rename-thing'], permissions: [] },
    viewer: { routes: ['*'], actions: [], permissions: [] },
  },
};

describe('the write path: action check, one transaction with audit and outbox, idempotency', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let householdId: string;
  let executions = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.handle.db;
    await db.execute(
      sql`create table test_things (id serial primary key, name text not null unique, household_id uuid)`,
    );
    // An audit write that fails must take the change down with it.
    await db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$ begin
      if new.reason = 'boom' then raise exception 'audit store refused'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger audit_boom before insert on audit_log for each row execute function refuse_boom()`,
    );
    [{ id: householdId }] = (await db.insert(households).values({}).returning({ id: households.id })) as [
      { id: string },
    ];

    const instance = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    await instance.register(errorsPlugin);
    await instance.register(dbPlugin, { database: database.handle, closeOnShutdown: false });
    await instance.register(auditPlugin);
    await instance.register(outboxPlugin, { intervalMs: 0 });
    instance.outbox.register(notifyHousehold);
    await instance.register(idempotencyPlugin, {
      leaseMs: 2_000,
      waitMs: 300,
      hashKey: 'write-path-test-secret',
    });
    instance.decorate('tenant', { roles } as never);
    instance.decorate('settings', { env: 'test' } as never);
    instance.addHook('onRequest', (request, _reply, done) => {
      const subject = request.headers['x-subject'];
      const role = String(request.headers['x-role'] ?? 'member');
      if (typeof subject === 'string') {
        request.principal = {
          kind: 'member',
          subject,
          roles: [role],
          issuer: 'test',
          accountId: subject,
          memberId: null,
          householdId,
        } satisfies Principal;
      }
      done();
    });
    instance.post(
      '/things',
      {
        config: { idempotent: true },
        schema: {
          body: z.object({
            name: z.string().min(1),
            mode: z.enum(['ok', 'rule', 'record-and-refuse', 'audit-fails', 'crash', 'slow']).default('ok'),
          }),
        },
      },
      async (request, reply) => {
        const { name, mode } = request.body;
        const result = await runCommand(request, {
          action: 'rename-thing',
          authorize: () => Promise.resolve({ householdId }),
          householdOf: (ref) => ref.householdId,
          execute: async (tx) => {
            executions += 1;
            if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 150));
            const [row] = rowsOf<{ id: number }>(
              await tx.execute(
                sql`insert into test_things (name, household_id) values (${name}, ${householdId}) returning id`,
              ),
            );
            if (mode === 'rule') throw ruleViolation('body.name', 'name-taken', 'That name is taken.');
            if (mode === 'crash') throw new Error('database went away');
            return {
              result: { id: row?.id ?? 0, name },
              audit: {
                recordType: 'thing',
                recordIds: [String(row?.id)],
                ...(mode === 'audit-fails' ? { reason: 'boom' } : {}),
                ...(mode === 'record-and-refuse' ? { outcome: 'failure' as const, reason: 'declined' } : {}),
              },
              events: [
                {
                  type: 'payment.succeeded',
                  householdId,
                  payload: { amountCents: 1234, thing: name, policyNumber: name },
                },
              ],
              ...(mode === 'record-and-refuse'
                ? {
                    refusal: new HttpProblem(402, ProblemType.paymentDeclined, 'Declined', 'No.', undefined, {
                      declineCode: 'card_declined',
                    }),
                  }
                : {}),
            };
          },
        });
        return reply.status(201).send(result);
      },
    );
    await instance.ready();
    app = instance;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const post = (body: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/things',
      payload: body,
      headers: { 'x-subject': 'alice', ...headers },
    });
  const count = async (name: string) => {
    return (
      rowsOf<{ n: number }>(
        await database.handle.db.execute(
          sql`select count(*)::int as n from test_things where name = ${name}`,
        ),
      )[0]?.n ?? 0
    );
  };
  const audits = (action: string) =>
    database.handle.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('refuses a caller whose roles lack the action, audits it and changes nothing', async () => {
    const before = (await audits('rename-thing')).length;
    const response = await post(
      { name: 'viewer-try' },
      { 'idempotency-key': 'k-viewer', 'x-role': 'viewer' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: ProblemType.actionNotAllowed });
    expect(await count('viewer-try')).toBe(0);
    const rows = await audits('rename-thing');
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      outcome: 'denied',
      reason: 'action-not-granted',
      actorSubject: 'alice',
    });
  });

  it('commits the change, its audit row and its outbox event together; the event becomes a notification once', async () => {
    const response = await post({ name: 'first' }, { 'idempotency-key': 'k-first' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await count('first')).toBe(1);
    const audit = (await audits('rename-thing')).find((row) =>
      row.recordIds?.includes(String(response.json<{ id: number }>().id)),
    );
    expect(audit).toMatchObject({
      outcome: 'success',
      recordType: 'thing',
      actingForHouseholdId: householdId,
    });
    const pending = await database.handle.db
      .select()
      .from(outboxEvents)
      .where(sql`${outboxEvents.payload}->>'thing' = 'first'`);
    expect(pending).toHaveLength(1);
    await app.outbox.drain();
    await app.outbox.drain();
    const made = await database.handle.db
      .select()
      .from(notifications)
      .where(
        sql`${notifications.householdId} = ${householdId} and ${notifications.additionalValues}->>'policyNumber' = 'first'`,
      );
    expect(made).toHaveLength(1);
    // Only the values its template declares (packages/contracts notification-templates.ts) reach the message.
    expect(made[0]?.templateName).toBe('notification.paymentReceived');
    expect(made[0]?.additionalValues).toEqual({ amountCents: 1234, policyNumber: 'first' });
  });

  it('rolls everything back when the change breaks a rule, and audits only the failure', async () => {
    const response = await post({ name: 'rule-broken', mode: 'rule' }, { 'idempotency-key': 'k-rule' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      type: ProblemType.unprocessable,
      errors: [{ field: 'body.name', code: 'name-taken' }],
    });
    expect(await count('rule-broken')).toBe(0);
    const rows = await audits('rename-thing');
    expect(rows.at(-1)).toMatchObject({ outcome: 'failure', reason: 'unprocessable' });
    expect(rows.some((row) => row.outcome === 'success' && row.reason === 'rule-broken')).toBe(false);
  });

  it('rolls the change back when its audit row cannot be written', async () => {
    const response = await post({ name: 'unaudited', mode: 'audit-fails' }, { 'idempotency-key': 'k-audit' });
    expect(response.statusCode).toBe(500);
    expect(await count('unaudited')).toBe(0);
    expect(
      await database.handle.db
        .select()
        .from(outboxEvents)
        .where(sql`${outboxEvents.payload}->>'thing' = 'unaudited'`),
    ).toHaveLength(0);
  });

  it('keeps what a recorded refusal wrote (a declined payment is history) and answers with the refusal', async () => {
    const response = await post(
      { name: 'declined', mode: 'record-and-refuse' },
      { 'idempotency-key': 'k-declined' },
    );
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      type: ProblemType.paymentDeclined,
      declineCode: 'card_declined',
    });
    expect(await count('declined')).toBe(1);
    expect((await audits('rename-thing')).at(-1)).toMatchObject({
      outcome: 'failure',
      reason: 'declined',
      recordType: 'thing',
    });
  });

  it('requires an Idempotency-Key of 1-255 visible characters', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'idempotency-key': '' },
      { 'idempotency-key': 'x'.repeat(256) },
      { 'idempotency-key': 'has space' },
    ];
    for (const headers of attempts) {
      const response = await post({ name: 'no-key' }, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        type: ProblemType.idempotencyKeyRequired,
        errors: [{ field: 'header.idempotency-key' }],
      });
    }
    expect(await count('no-key')).toBe(0);
  });

  it('replays the first answer for the same key and body, and refuses the key with another body (422)', async () => {
    const first = await post({ name: 'replayed' }, { 'idempotency-key': 'k-replay' });
    const again = await post({ name: 'replayed' }, { 'idempotency-key': 'k-replay' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count('replayed')).toBe(1);
    const other = await post({ name: 'something-else' }, { 'idempotency-key': 'k-replay' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ type: ProblemType.idempotencyKeyReused });
    expect(await count('something-else')).toBe(0);
    // A refusal is an answer too: replayed, not run again.
    const rule = await post({ name: 'rule-broken', mode: 'rule' }, { 'idempotency-key': 'k-rule-2' });
    const ruleAgain = await post({ name: 'rule-broken', mode: 'rule' }, { 'idempotency-key': 'k-rule-2' });
    expect(ruleAgain.json()).toEqual(rule.json());
  });

  it('runs ten concurrent requests with one key once; the others wait and replay or are told to retry (409)', async () => {
    const before = executions;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post({ name: 'concurrent', mode: 'slow' }, { 'idempotency-key': 'k-concurrent' }),
      ),
    );
    expect(executions - before).toBe(1);
    expect(await count('concurrent')).toBe(1);
    for (const answer of answers) {
      expect([201, 409]).toContain(answer.statusCode);
      if (answer.statusCode === 409) expect(answer.headers['retry-after']).toBe('1');
      else expect(answer.json()).toMatchObject({ name: 'concurrent' });
    }
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThanOrEqual(1);
  });

  it('scopes keys to the caller: the same key from someone else is another request', async () => {
    await post({ name: 'alice-thing' }, { 'idempotency-key': 'shared-key' });
    const bob = await post({ name: 'bob-thing' }, { 'idempotency-key': 'shared-key', 'x-subject': 'bob' });
    expect(bob.statusCode).toBe(201);
    expect(await count('bob-thing')).toBe(1);
  });

  it('forgets a key whose request failed with a server error, so a retry runs it again', async () => {
    const failed = await post({ name: 'flaky', mode: 'crash' }, { 'idempotency-key': 'k-flaky' });
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('database went away');
    const retried = await post({ name: 'flaky', mode: 'crash' }, { 'idempotency-key': 'k-flaky' });
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('takes over a key left running by an instance that died, once its lease is over', async () => {
    const db = database.handle.db;
    await db.execute(sql`insert into idempotency_records (scope, key, request_hash, state, locked_until, expires_at)
      values ('alice', 'k-orphan', 'whatever', 'in-progress', now() + interval '1 hour', now() + interval '1 day')`);
    // Held by a live lease (and another body): refused as a reuse.
    expect((await post({ name: 'orphan' }, { 'idempotency-key': 'k-orphan' })).statusCode).toBe(422);
    await db.execute(sql`delete from idempotency_records where key = 'k-orphan'`);
    // Same request, its first run died: the record is in progress with a lease that has run out.
    const first = await post({ name: 'orphan-2', mode: 'slow' }, { 'idempotency-key': 'k-orphan-2' });
    expect(first.statusCode).toBe(201);
    await db.execute(
      sql`update idempotency_records set state = 'in-progress', response_status = null, locked_until = now() - interval '1 second' where key = 'k-orphan-2'`,
    );
    await db.execute(sql`delete from test_things where name = 'orphan-2'`);
    const takeover = await post({ name: 'orphan-2', mode: 'slow' }, { 'idempotency-key': 'k-orphan-2' });
    expect(takeover.statusCode).toBe(201);
    expect(takeover.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('orphan-2')).toBe(1);
  });
});

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  amountToCents,
  centsToAmount,
  ChargeBodySchema,
  RefundBodySchema,
  TokenizationSessionBodySchema,
  type WireCharge,
} from '../wire';
import type { Change, SandboxStore, StoredCharge, StoredRefund } from './store';

/**
 * The sandbox processor's server-to-server API (docs/decisions/016, `../wire.ts`): every call needs the
 * secret key. Open a tokenisation session for an owner (the hosted fields make that owner's tokens in
 * it); describe a token (display facts, owner, fingerprint); charge it (the test number decides the
 * outcome; the same idempotency key answers the first result); list charges; void a pending charge;
 * refund. Bank charges answer `pending` and settle later (./webhooks.ts).
 */

export interface SandboxApiOptions {
  store: SandboxStore;
  apiKey: string;
  settleDelayMs: number;
  slowAnswerMs: number;
  /** How long a tokenisation session makes tokens (docs/decisions/039). */
  sessionTtlMs: number;
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

export function wireCharge(charge: StoredCharge): WireCharge {
  return {
    id: charge.id,
    status: charge.status,
    amount: centsToAmount(charge.amountCents),
    declineCode: charge.declineCode,
    returnCode: charge.returnCode,
    metadata: charge.metadata,
    createdAt: charge.createdAt,
  };
}

export function registerSandboxApi(app: FastifyInstance, options: SandboxApiOptions): void {
  const { store } = options;
  const expectedKey = Buffer.from(`Bearer ${options.apiKey}`);
  app.register((api, _options, registered) => {
    api.addHook('onRequest', async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expectedKey.length || !timingSafeEqual(given, expectedKey)) {
        return reply.status(401).send({ error: 'unauthorized' });
      }
      return undefined;
    });

    /** Runs an operation once per idempotency key; a repeat gets the first answer. */
    async function once(
      request: FastifyRequest,
      reply: FastifyReply,
      operation: string,
      run: () => { status: number; body: unknown; delayMs?: number; changes?: Change[] } | null,
    ) {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length === 0 || key.length > 255)
        return reply.status(400).send({ error: 'idempotency_key_required' });
      const slot = `${operation} ${key}`;
      const requestHash = hashOf({ params: request.params, body: request.body });
      const previous = store.state.idempotency[slot];
      if (previous) {
        if (previous.requestHash !== requestHash)
          return reply.status(409).send({ error: 'idempotency_key_reused' });
        return reply.status(previous.status).send(previous.body);
      }
      const answer = run();
      // A processor error leaves nothing behind: the same key may try again.
      if (answer === null) return reply.status(500).send({ error: 'processing_error' });
      // What the operation changed and its answer under the key: one journal line, kept or lost together.
      store.write([
        ...(answer.changes ?? []),
        {
          table: 'idempotency',
          key: slot,
          value: { requestHash, status: answer.status, body: answer.body, at: new Date().toISOString() },
        },
      ]);
      if (answer.delayMs) await sleep(answer.delayMs);
      return reply.status(answer.status).send(answer.body);
    }

    // Like a client token (Braintree) or a customer-bound setup (Stripe): the portal asks, server to
    // server, for a session bound to whom the tokens will belong; the hosted fields page carries it.
    api.post('/v1/tokenization-sessions', async (request, reply) => {
      const parsed = TokenizationSessionBodySchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ error: 'bad_request' });
      const now = Date.now();
      const id = newId('tks');
      const session = {
        owner: parsed.data.owner,
        expiresAt: new Date(now + options.sessionTtlMs).toISOString(),
        createdAt: new Date(now).toISOString(),
      };
      store.write([{ table: 'sessions', key: id, value: session }]);
      return reply.status(201).send({ id, owner: session.owner, expiresAt: session.expiresAt });
    });

    api.get<{ Params: { token: string } }>('/v1/tokens/:token', async (request, reply) => {
      const stored = store.state.tokens[request.params.token];
      if (!stored) return reply.status(404).send({ error: 'no_such_token' });
      return { ...stored.description, owner: stored.owner ?? null, fingerprint: stored.fingerprint ?? null };
    });

    api.post('/v1/charges', async (request, reply) => {
      const parsed = ChargeBodySchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ error: 'bad_request' });
      const body = parsed.data;
      return once(request, reply, 'charge', () => {
        const stored = store.state.tokens[body.token];
        const outcome = stored?.outcome ?? null;
        if (outcome === 'processor-error') return null;
        const now = new Date();
        const charge: StoredCharge = {
          id: newId('ch'),
          token: body.token,
          kind: stored?.description.kind ?? 'card',
          amountCents: amountToCents(body.amount),
          description: body.description,
          metadata: body.metadata,
          status: 'succeeded',
          declineCode: null,
          returnCode: null,
          settleAt: null,
          settleOutcome: null,
          refundedCents: 0,
          createdAt: now.toISOString(),
        };
        switch (outcome) {
          case null:
            Object.assign(charge, { status: 'declined', declineCode: 'invalid_account' });
            break;
          case 'decline':
            Object.assign(charge, { status: 'declined', declineCode: 'card_declined' });
            break;
          case 'insufficient-funds':
            Object.assign(charge, { status: 'declined', declineCode: 'insufficient_funds' });
            break;
          case 'expired-card':
            Object.assign(charge, { status: 'declined', declineCode: 'expired_card' });
            break;
          case 'incorrect-cvc':
            Object.assign(charge, { status: 'declined', declineCode: 'incorrect_cvc' });
            break;
          case 'settle':
          case 'return-r01':
            Object.assign(charge, {
              status: 'pending',
              settleAt: new Date(now.getTime() + options.settleDelayMs).toISOString(),
              settleOutcome: outcome,
            });
            break;
          case 'approve':
          case 'slow':
            break;
        }
        return {
          status: 200,
          body: wireCharge(charge),
          changes: [{ table: 'charges', key: charge.id, value: charge }],
          ...(outcome === 'slow' ? { delayMs: options.slowAnswerMs } : {}),
        };
      });
    });

    api.get('/v1/charges', (_request, reply) =>
      reply.send({ data: Object.values(store.state.charges).map(wireCharge) }),
    );

    api.get<{ Params: { id: string } }>('/v1/charges/:id', async (request, reply) => {
      const charge = store.state.charges[request.params.id];
      return charge ? wireCharge(charge) : reply.status(404).send({ error: 'no_such_charge' });
    });

    api.post<{ Params: { id: string } }>('/v1/charges/:id/void', async (request, reply) => {
      if (!store.state.charges[request.params.id]) return reply.status(404).send({ error: 'no_such_charge' });
      return once(request, reply, 'void', () => {
        const charge = store.state.charges[request.params.id];
        if (charge?.status !== 'pending') return { status: 200, body: { status: 'not-voidable' } };
        return {
          status: 200,
          body: { status: 'voided' },
          changes: [
            { table: 'charges', key: charge.id, value: { ...charge, status: 'voided', settleAt: null } },
          ],
        };
      });
    });

    api.post('/v1/refunds', async (request, reply) => {
      const parsed = RefundBodySchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ error: 'bad_request' });
      const body = parsed.data;
      if (!store.state.charges[body.charge]) return reply.status(404).send({ error: 'no_such_charge' });
      return once(request, reply, 'refund', () => {
        const charge = store.state.charges[body.charge];
        if (!charge) return null;
        const amountCents =
          body.amount === undefined ? charge.amountCents - charge.refundedCents : amountToCents(body.amount);
        const refund: StoredRefund = {
          id: newId('re'),
          charge: charge.id,
          amountCents,
          status: 'succeeded',
          failureReason: null,
          completeAt: null,
          createdAt: new Date().toISOString(),
        };
        if (charge.status === 'pending')
          Object.assign(refund, { status: 'failed', failureReason: 'charge-not-settled' });
        else if (charge.status !== 'succeeded' && charge.status !== 'settled')
          Object.assign(refund, { status: 'failed', failureReason: 'nothing-to-refund' });
        else if (amountCents <= 0 || amountCents > charge.amountCents - charge.refundedCents)
          Object.assign(refund, { status: 'failed', failureReason: 'amount-too-large' });
        else if (charge.kind === 'bankAccount')
          Object.assign(refund, {
            status: 'pending',
            completeAt: new Date(Date.now() + options.settleDelayMs).toISOString(),
          });
        const changes: Change[] = [{ table: 'refunds', key: refund.id, value: refund }];
        if (refund.status !== 'failed') {
          const refundedCents = charge.refundedCents + amountCents;
          changes.push({
            table: 'charges',
            key: charge.id,
            value: {
              ...charge,
              refundedCents,
              status: refundedCents >= charge.amountCents ? 'refunded' : charge.status,
            },
          });
        }
        return {
          status: 200,
          changes,
          body: {
            id: refund.id,
            charge: charge.id,
            status: refund.status,
            amount: centsToAmount(amountCents),
            failureReason: refund.failureReason,
          },
        };
      });
    });
    registered();
  });
}

import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadOrCreateSecret } from '../../auth/keys';
import { loggerOptions } from '../../lib/logger';
import { repoRoot } from '../../settings';
import type { TokenDescription } from '../port';
import { newId, registerSandboxApi } from './api';
import { hostedFieldsLanguage } from './i18n';
import { badRequestPage, hostedFieldsPage } from './pages';
import {
  SandboxStore,
  type Change,
  type StoredCharge,
  type StoredDescription,
  type StoredToken,
} from './store';
import { bankNameOf, bankOutcomeOf, cardOutcomeOf, fundingOf } from './test-numbers';
import { validateBankAccount, validateCard, type FieldProblem } from './validation';
import { WebhookDeliverer } from './webhooks';

/**
 * The built-in sandbox payment processor (demo mode; docs/decisions/016, README "Payment processor"):
 * its own Fastify server on its own port, so hosted fields run on an origin the portal cannot read.
 *
 * - browser side (its own origin only): the hosted fields pages, `POST /v1/tokens(/validate)` — a token
 *   only in a live tokenisation session, bound to its owner and fingerprinted (docs/decisions/039);
 * - server side (secret key): tokenisation sessions, describe tokens, charges (idempotent by key),
 *   refunds, voids, and a list of charges (tests count them);
 * - webhooks: bank payments settle (or are returned R01) after `settleDelayMs`, announced by signed
 *   webhooks that are retried until the portal acknowledges them, across restarts.
 */

export interface SandboxOptions {
  /** Folder of the sandbox's state (DATA_DIR/processor-sandbox). */
  dataDir: string;
  host: string;
  port: number;
  /** The browser-facing origin once the port is known. */
  publicOriginFor: (port: number) => string;
  apiKey: string;
  webhookSecret: string;
  /** Where to send webhooks (null while the portal is not listening yet). */
  webhookUrl: () => string | null;
  /** The portal origins that may frame the hosted fields. */
  allowedParentOrigins: () => readonly string[];
  settleDelayMs: number;
  /** How long the "slow answer" test card takes (longer than the portal's timeout). */
  slowAnswerMs: number;
  logLevel?: string;
  logStream?: DestinationStream;
  /** How often settlements and deliveries are looked at (ms). */
  tickMs?: number;
  /** How long a tokenisation session makes tokens (ms; default an hour). */
  sessionTtlMs?: number;
}

/** A tokenisation session makes tokens for an hour: the portal opens a new one with each hosted fields page it shows. */
export const SESSION_TTL_MS = 60 * 60 * 1000;

export interface SandboxProcessor {
  /** Server-to-server base URL. */
  url: string;
  port: number;
  publicOrigin: string;
  /** Every charge, oldest first (tests count them). */
  charges(): StoredCharge[];
  /**
   * Makes tokens the portal already holds known (demo data saved before the sandbox ever ran), owned as
   * the descriptions say; their fingerprint stays unknown (the sandbox never saw their numbers).
   */
  adopt(descriptions: readonly TokenDescription[]): number;
  close(): Promise<void>;
}

const CLIENT_DIR = path.join(repoRoot, 'apps/server/src/processor/sandbox/client');
/** What the portal page may learn about a new token: display facts only. */
function displayOf(description: StoredDescription) {
  return description.kind === 'card'
    ? {
        kind: 'card',
        brand: description.brand,
        last4: description.last4,
        expirationMonth: description.expirationMonth,
        expirationYear: description.expirationYear,
      }
    : {
        kind: 'bankAccount',
        last3: description.last3,
        accountType: description.accountType,
        bankName: description.bankName,
        routingNumberLast4: description.routingNumber.slice(-4),
      };
}

/**
 * The fingerprint of a card number or a bank account (issue 33 item 2): an HMAC with the sandbox's own
 * key, which never leaves it. The same number gives the same fingerprint in every session; nobody
 * without the key can tell which number gave it, or try numbers against it.
 */
function fingerprinter(key: string) {
  return (what: string) => `fp_${createHmac('sha256', key).update(what).digest('base64url')}`;
}

export async function startSandboxProcessor(options: SandboxOptions): Promise<SandboxProcessor> {
  const store = new SandboxStore(options.dataDir);
  const fingerprint = fingerprinter(loadOrCreateSecret(options.dataDir, 'sandbox-fingerprint'));
  const expiredSessions = (now: number): Change[] =>
    Object.entries(store.state.sessions)
      .filter(([, session]) => Date.parse(session.expiresAt) <= now)
      .map(([key]) => ({ table: 'sessions', key, value: null }));
  store.write(expiredSessions(Date.now()));
  const script = fs.readFileSync(path.join(CLIENT_DIR, 'hosted-fields.js'), 'utf8');
  const stylesheet = fs.readFileSync(path.join(CLIENT_DIR, 'hosted-fields.css'), 'utf8');
  // Idempotency records older than a day are forgotten (as the portal forgets its keys).
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  store.write(
    Object.entries(store.state.idempotency)
      .filter(([, record]) => Date.parse(record.at) < dayAgo)
      .map(([key]) => ({ table: 'idempotency', key, value: null })),
  );

  const app: FastifyInstance = Fastify({
    logger: loggerOptions(options.logLevel ?? 'warn', options.logStream),
    // Request lines would name tokens in URLs: the sandbox logs only its own errors.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 16 * 1024,
    forceCloseConnections: true,
  });
  let publicOrigin = '';

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
  });

  // ---------- browser side ----------
  app.get<{ Params: { kind: string }; Querystring: { lang?: string; parent?: string; session?: string } }>(
    '/hosted-fields/:kind',
    async (request, reply) => {
      const language = hostedFieldsLanguage(request.query.lang);
      const kind = request.params.kind;
      let parent: string | null;
      try {
        parent = request.query.parent ? new URL(request.query.parent).origin : null;
      } catch {
        parent = null;
      }
      const allowed = options.allowedParentOrigins();
      // Only a session the portal opened (an expired one still shows the page: tokenising then says so).
      const session = typeof request.query.session === 'string' ? request.query.session : '';
      if (
        (kind !== 'card' && kind !== 'bank-account') ||
        parent === null ||
        !allowed.includes(parent) ||
        !store.state.sessions[session]
      ) {
        return reply
          .status(400)
          .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
          .type('text/html; charset=utf-8')
          .send(badRequestPage(language));
      }
      return reply
        .header(
          'Content-Security-Policy',
          `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors ${parent}`,
        )
        .type('text/html; charset=utf-8')
        .send(hostedFieldsPage(kind, language, parent, session));
    },
  );
  app.get('/hosted-fields/assets/fields.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(script),
  );
  app.get('/hosted-fields/assets/fields.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(stylesheet),
  );

  /** Only the hosted fields page (this origin) may make tokens. */
  const sameOrigin = (request: FastifyRequest) => request.headers.origin === publicOrigin;

  type TokenBody = { kind?: unknown; fields?: Record<string, unknown>; session?: unknown };
  function check(body: TokenBody | undefined) {
    const fields = body?.fields && typeof body.fields === 'object' ? body.fields : {};
    if (body?.kind === 'card') return { kind: 'card' as const, verdict: validateCard(fields) };
    if (body?.kind === 'bankAccount')
      return { kind: 'bankAccount' as const, verdict: validateBankAccount(fields) };
    return null;
  }

  app.post<{ Body: TokenBody }>('/v1/tokens/validate', async (request, reply) => {
    if (!sameOrigin(request)) return reply.status(403).send({ error: 'forbidden' });
    const checked = check(request.body);
    if (!checked) return reply.status(400).send({ error: 'bad_request' });
    return { errors: checked.verdict.ok ? [] : checked.verdict.errors };
  });

  app.post<{ Body: TokenBody }>('/v1/tokens', async (request, reply) => {
    if (!sameOrigin(request)) return reply.status(403).send({ error: 'forbidden' });
    const checked = check(request.body);
    if (!checked) return reply.status(400).send({ error: 'bad_request' });
    const { verdict } = checked;
    if (!verdict.ok) return reply.status(422).send({ errors: verdict.errors satisfies FieldProblem[] });
    // Every token belongs to the owner of the session it is made in; without a live session, none is made.
    const sessionId = typeof request.body.session === 'string' ? request.body.session : '';
    const session = store.state.sessions[sessionId];
    if (!session || Date.parse(session.expiresAt) <= Date.now())
      return reply.status(401).send({ error: 'session_expired' });
    const token = newId('tok_sbx');
    const createdAt = new Date().toISOString();
    // The vault keeps the outcome class, the display facts, the owner and the fingerprint; the numbers end here.
    const stored: StoredToken =
      'card' in verdict
        ? {
            description: {
              kind: 'card' as const,
              token,
              brand: verdict.card.brand,
              last4: verdict.card.number.slice(-4),
              expirationMonth: verdict.card.expirationMonth,
              expirationYear: verdict.card.expirationYear,
              funding: fundingOf(verdict.card.number),
              postalCode: verdict.card.postalCode,
            },
            outcome: cardOutcomeOf(verdict.card.number),
            owner: session.owner,
            fingerprint: fingerprint(`card:${verdict.card.number}`),
            createdAt,
          }
        : {
            description: {
              kind: 'bankAccount' as const,
              token,
              routingNumber: verdict.account.routingNumber,
              last3: verdict.account.accountNumber.slice(-3),
              accountType: verdict.account.accountType,
              bankName: bankNameOf(verdict.account.routingNumber),
            },
            outcome: bankOutcomeOf(verdict.account.accountNumber),
            owner: session.owner,
            fingerprint: fingerprint(
              `bankAccount:${verdict.account.routingNumber}:${verdict.account.accountNumber}`,
            ),
            createdAt,
          };
    store.write([{ table: 'tokens', key: token, value: stored }]);
    return reply.status(201).send({ token, display: displayOf(stored.description) });
  });

  // ---------- server side (secret key): ./api.ts ----------
  registerSandboxApi(app, {
    store,
    apiKey: options.apiKey,
    settleDelayMs: options.settleDelayMs,
    slowAnswerMs: options.slowAnswerMs,
    sessionTtlMs: options.sessionTtlMs ?? SESSION_TTL_MS,
  });

  app.get('/health', (_request, reply) => reply.send({ status: 'ok' }));

  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  publicOrigin = new URL(options.publicOriginFor(port)).origin;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;

  const deliverer = new WebhookDeliverer({
    store,
    secret: options.webhookSecret,
    webhookUrl: options.webhookUrl,
    log: app.log,
  });
  let sessionsPrunedAt = Date.now();
  const timer = setInterval(() => {
    deliverer.tick();
    // Expired sessions are forgotten once a minute.
    const now = Date.now();
    if (now - sessionsPrunedAt >= 60_000) {
      sessionsPrunedAt = now;
      store.write(expiredSessions(now));
    }
  }, options.tickMs ?? 200);
  timer.unref();

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    publicOrigin,
    charges: () => Object.values(store.state.charges).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    adopt: (descriptions) => {
      const createdAt = new Date().toISOString();
      const added = new Map<string, StoredToken>();
      for (const adopted of descriptions) {
        const { owner, token } = adopted;
        const known = store.state.tokens[token];
        // A token adopted before owners were kept learns its owner.
        if ((known && (known.owner ?? null) !== null) || added.has(token)) continue;
        // The display facts only: the sandbox never saw the numbers, so it has no fingerprint for them.
        const description: StoredDescription =
          adopted.kind === 'card'
            ? {
                kind: 'card',
                token,
                brand: adopted.brand,
                last4: adopted.last4,
                expirationMonth: adopted.expirationMonth,
                expirationYear: adopted.expirationYear,
                funding: adopted.funding,
                postalCode: adopted.postalCode,
              }
            : {
                kind: 'bankAccount',
                token,
                routingNumber: adopted.routingNumber,
                last3: adopted.last3,
                accountType: adopted.accountType,
                bankName: adopted.bankName,
              };
        added.set(
          token,
          known
            ? { ...known, owner }
            : {
                description,
                outcome: adopted.kind === 'card' ? 'approve' : 'settle',
                owner,
                fingerprint: null,
                createdAt,
              },
        );
      }
      store.write([...added].map(([key, value]) => ({ table: 'tokens', key, value })));
      return added.size;
    },
    close: async () => {
      clearInterval(timer);
      await deliverer.idle();
      await app.close();
      store.close();
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { loggerOptions } from '../../lib/logger';
import { repoRoot } from '../../settings';
import type { TokenDescription } from '../port';
import { newId, registerSandboxApi } from './api';
import { hostedFieldsLanguage } from './i18n';
import { badRequestPage, hostedFieldsPage } from './pages';
import { SandboxStore, type StoredCharge, type StoredToken } from './store';
import { bankNameOf, bankOutcomeOf, cardOutcomeOf, fundingOf } from './test-numbers';
import { validateBankAccount, validateCard, type FieldProblem } from './validation';
import { WebhookDeliverer } from './webhooks';

/**
 * The built-in sandbox payment processor (demo mode; docs/decisions/016, README "Payment processor"):
 * its own Fastify server on its own port, so hosted fields run on an origin the portal cannot read.
 *
 * - browser side (its own origin only): the hosted fields pages, `POST /v1/tokens(/validate)`;
 * - server side (secret key): describe tokens, charges (idempotent by key), refunds, voids, and a list
 *   of charges (tests count them);
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
}

export interface SandboxProcessor {
  /** Server-to-server base URL. */
  url: string;
  port: number;
  publicOrigin: string;
  /** Every charge, oldest first (tests count them). */
  charges(): StoredCharge[];
  /** Makes tokens the portal already holds known (demo data saved before the sandbox ever ran). */
  adopt(descriptions: readonly TokenDescription[]): number;
  close(): Promise<void>;
}

const CLIENT_DIR = path.join(repoRoot, 'apps/server/src/processor/sandbox/client');
/** What the portal page may learn about a new token: display facts only. */
function displayOf(description: TokenDescription) {
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

export async function startSandboxProcessor(options: SandboxOptions): Promise<SandboxProcessor> {
  const store = new SandboxStore(options.dataDir);
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
  app.get<{ Params: { kind: string }; Querystring: { lang?: string; parent?: string } }>(
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
      if ((kind !== 'card' && kind !== 'bank-account') || parent === null || !allowed.includes(parent)) {
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
        .send(hostedFieldsPage(kind, language, parent));
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

  type TokenBody = { kind?: unknown; fields?: Record<string, unknown> };
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
    const token = newId('tok_sbx');
    const createdAt = new Date().toISOString();
    // The vault keeps the outcome class and the display facts; the numbers end here.
    const stored =
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
  const timer = setInterval(() => {
    deliverer.tick();
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
      for (const description of descriptions) {
        if (store.state.tokens[description.token] || added.has(description.token)) continue;
        added.set(description.token, { description, outcome: description.kind === 'card' ? 'approve' : 'settle', createdAt });
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

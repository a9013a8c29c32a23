import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpProcessor } from '../src/processor/http-adapter';
import { startSandboxProcessor, type SandboxProcessor } from '../src/processor/sandbox/server';

export const TEST_API_KEY = 'sk_test_sandbox_key_for_tests';
export const TEST_WEBHOOK_SECRET = 'whsec_test_sandbox_secret_for_tests';
/** The portal origin test pages claim to be framed by. */
export const TEST_PORTAL_ORIGIN = 'http://localhost:3000';

export interface TestSandbox {
  sandbox: SandboxProcessor;
  /** The port over HTTP, as the portal uses it. */
  processor: HttpProcessor;
  dataDir: string;
  /**
   * What the hosted fields page does: tokenises typed fields on the processor's own origin, in a
   * tokenisation session (by default one opened for {@link PROCESSOR_ONLY_OWNER}).
   */
  tokenize(
    kind: 'card' | 'bankAccount',
    fields: Record<string, string>,
    session?: string,
  ): Promise<{ status: number; body: TokenizeAnswer }>;
  /**
   * A token for a card or account that the test types (the numbers stay in the sandbox), made in
   * `session` or in a new session for `owner`. The portal uses only tokens made for its caller: tests
   * of the portal get them with the harness's `cardToken` / `bankToken` (a session the portal opens).
   */
  cardToken(
    number: string,
    options: TokenOptions & { expiry?: string; cvc?: string; postalCode?: string },
  ): Promise<string>;
  bankToken(
    accountNumber: string,
    options: TokenOptions & { routingNumber?: string; accountType?: 'Checking' | 'Savings' },
  ): Promise<string>;
  /** Stops the sandbox and, unless kept, removes its state. */
  close(keepState?: boolean): Promise<void>;
}

/** Whom a test token is made for: a session already open, or a new one for an owner reference. */
export type TokenOptions = { session: string; owner?: undefined } | { owner: string; session?: undefined };

/** The owner of tokens that only the processor's own tests use (no portal caller has it). */
export const PROCESSOR_ONLY_OWNER = 'test:processor-only';

export interface TokenizeAnswer {
  token?: string;
  display?: Record<string, unknown>;
  errors?: { field: string; code: string }[];
}

export interface TestSandboxOptions {
  dataDir?: string;
  settleDelayMs?: number;
  timeoutMs?: number;
  slowAnswerMs?: number;
  webhookUrl?: () => string | null;
  tickMs?: number;
  sessionTtlMs?: number;
}

/** The sandbox processor on a free port with a throw-away state folder, and the HTTP adapter over it. */
export async function startTestSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sandbox-'));
  const sandbox = await startSandboxProcessor({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    publicOriginFor: (port) => `http://127.0.0.1:${port}`,
    apiKey: TEST_API_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    webhookUrl: options.webhookUrl ?? (() => null),
    allowedParentOrigins: () => [TEST_PORTAL_ORIGIN],
    settleDelayMs: options.settleDelayMs ?? 60_000,
    slowAnswerMs: options.slowAnswerMs ?? 1_000,
    logLevel: 'silent',
    tickMs: options.tickMs ?? 50,
    ...(options.sessionTtlMs === undefined ? {} : { sessionTtlMs: options.sessionTtlMs }),
  });
  const processor = new HttpProcessor({
    url: sandbox.url,
    publicOrigin: sandbox.publicOrigin,
    apiKey: TEST_API_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  const sessionOf = async (options: TokenOptions) =>
    options.session ?? (await processor.createTokenizationSession(options.owner)).id;
  const tokenize: TestSandbox['tokenize'] = async (kind, fields, session) => {
    const response = await fetch(`${sandbox.url}/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sandbox.publicOrigin },
      body: JSON.stringify({
        kind,
        fields,
        session: session ?? (await sessionOf({ owner: PROCESSOR_ONLY_OWNER })),
      }),
    });
    return { status: response.status, body: (await response.json()) as TokenizeAnswer };
  };
  const tokenOf = (answer: { status: number; body: TokenizeAnswer }) => {
    if (answer.status !== 201 || !answer.body.token)
      throw new Error(`tokenize: ${answer.status} ${JSON.stringify(answer.body.errors)}`);
    return answer.body.token;
  };
  return {
    sandbox,
    processor,
    dataDir,
    tokenize,
    cardToken: async (number, card) =>
      tokenOf(
        await tokenize(
          'card',
          {
            number,
            expiry: card.expiry ?? '12/34',
            cvc: card.cvc ?? (number.startsWith('3') ? '7373' : '737'),
            postalCode: card.postalCode ?? '02720',
          },
          await sessionOf(card),
        ),
      ),
    bankToken: async (accountNumber, account) =>
      tokenOf(
        await tokenize(
          'bankAccount',
          {
            routingNumber: account.routingNumber ?? '110000000',
            accountNumber,
            accountNumberConfirmation: accountNumber,
            accountType: account.accountType ?? 'Checking',
          },
          await sessionOf(account),
        ),
      ),
    close: async (keepState = false) => {
      await sandbox.close();
      if (!keepState) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

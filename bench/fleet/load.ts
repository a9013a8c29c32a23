// The fleet harness's steady load (issue 40): members' reads and payments through the proxy, every answer
// recorded (status, time, Retry-After, problem type), and payments retried with the same Idempotency-Key
// until acknowledged, as the portal's page does — so that what the processor charged can be compared with
// what the portal acknowledged.
import { randomUUID } from 'node:crypto';
import type { CalendarDate } from '@portal/domain';
import { paymentBody } from '../../apps/server/test/payment-body';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Member {
  username: string;
  token: string;
  policyId: string;
  folderId: string;
  householdId: string;
  /** A card token of the member's household at the sandbox processor (payers only). */
  card?: string;
}

export interface Answer {
  kind: 'read' | 'pay' | 'html' | 'other';
  /** HTTP status, or 0 when no answer came (connection reset, refused, timed out). */
  status: number;
  startedAt: number;
  at: number;
  retryAfter: string | null;
  problemType: string | null;
  /** Why no answer came. */
  error?: string;
}

export interface PaymentAttempt {
  key: string;
  policyId: string;
  cents: number;
  /** The portal's transaction id once acknowledged (201). */
  transactionId: string | null;
  /** The first status that ended the attempt without an acknowledgement (402 declined, a 4xx refusal), or null. */
  refusedWith: number | null;
  /** The refusal's problem (type and detail), when refused. */
  refusal?: string;
  gaveUp: boolean;
  tries: number;
}

export class Recorder {
  readonly answers: Answer[] = [];
  readonly payments: PaymentAttempt[] = [];
  /** Requests sent and not answered yet. */
  inFlight = 0;
  /** Requests sent again after the proxy closed their kept-alive connection without an answer. */
  resentAfterClose = 0;
  constructor(readonly baseUrl: string) {}

  async request(
    kind: Answer['kind'],
    path: string,
    init: RequestInit & { timeoutMs?: number; resent?: boolean } = {},
  ): Promise<{ status: number; body: string; headers: Headers | null }> {
    const startedAt = Date.now();
    this.inFlight += 1;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
      });
      const body = await response.text();
      let problemType: string | null = null;
      if ((response.headers.get('content-type') ?? '').includes('json') && response.status >= 400) {
        try {
          problemType = (JSON.parse(body) as { type?: string }).type ?? null;
        } catch {
          problemType = null;
        }
      }
      this.answers.push({
        kind,
        status: response.status,
        startedAt,
        at: Date.now(),
        retryAfter: response.headers.get('retry-after'),
        problemType,
      });
      return { status: response.status, body, headers: response.headers };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      // A kept-alive connection the proxy closed before any answer (it does so when the instance behind
      // died under a request it had just sent on a reused connection, so that the client sends it again):
      // browsers send such a request again once, whatever its method; so does this client, and counts it.
      if (cause?.code === 'UND_ERR_SOCKET' && cause.message === 'other side closed' && !init.resent) {
        this.resentAfterClose += 1;
        this.inFlight -= 1;
        try {
          return await this.request(kind, path, { ...init, resent: true });
        } finally {
          this.inFlight += 1;
        }
      }
      this.answers.push({
        kind,
        status: 0,
        startedAt,
        at: Date.now(),
        retryAfter: null,
        problemType: null,
        error: cause ? String(cause.message ?? cause.code) : String(error),
      });
      return { status: 0, body: '', headers: null };
    } finally {
      this.inFlight -= 1;
    }
  }
}

export interface LoadOptions {
  readers: Member[];
  payers: Member[];
  /** Pause between one loop's requests (ms): a steady load, not a flood. */
  readPauseMs: number;
  payPauseMs: number;
  today: CalendarDate;
  /** The first cents of this run's payments: amounts are unique per policy, so a double charge shows. */
  centsFrom: () => number;
}

/**
 * Runs the loops until `stop()` is called; resolves when every loop ended (a payment being retried is
 * finished first, up to 30 s, as a member's page would keep trying).
 */
export function startLoad(recorder: Recorder, options: LoadOptions): { stop: () => Promise<void> } {
  let running = true;
  const readLoop = async (member: Member, offset: number) => {
    let turn = offset;
    while (running) {
      turn += 1;
      const headers = { authorization: `Bearer ${member.token}` };
      if (turn % 2 === 0) await recorder.request('read', `/api/v1/Policy/${member.policyId}`, { headers });
      else
        await recorder.request('read', '/api/v1/Household/user', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        });
      await sleep(options.readPauseMs);
    }
  };
  const payLoop = async (member: Member) => {
    while (running) {
      await pay(recorder, member, options.centsFrom(), options.today);
      await sleep(options.payPauseMs);
    }
  };
  const loops = [
    ...options.readers.flatMap((member, index) => [readLoop(member, index), readLoop(member, index + 1)]),
    ...options.payers.map((member) => payLoop(member)),
  ];
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** One payment, retried with its key until the portal acknowledges or refuses it (as the page does). */
export async function pay(
  recorder: Recorder,
  member: Member,
  cents: number,
  today: CalendarDate,
  headers: Record<string, string> = {},
): Promise<PaymentAttempt> {
  const attempt: PaymentAttempt = {
    key: randomUUID(),
    policyId: member.policyId,
    cents,
    transactionId: null,
    refusedWith: null,
    gaveUp: false,
    tries: 0,
  };
  recorder.payments.push(attempt);
  const body = JSON.stringify(
    paymentBody({ policyId: member.policyId, folderId: member.folderId }, today, {
      paymentAmount: (cents / 100).toFixed(2),
      method: 'Card',
      paymentToken: member.card,
    }),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    attempt.tries += 1;
    const answer = await recorder.request('pay', '/api/v1/Payment', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${member.token}`,
        'idempotency-key': attempt.key,
        'content-type': 'application/json',
        ...headers,
      },
      body,
    });
    if (answer.status === 201) {
      attempt.transactionId = (JSON.parse(answer.body) as { transactionID?: string }).transactionID ?? null;
      return attempt;
    }
    // Retried with the same key: no answer, a dependency down (503), a key still held by a request that
    // died with its instance (409 until its lease ends), a limit (429), an unknown outcome (504).
    const retry =
      answer.status === 0 || answer.status === 409 || answer.status === 429 || answer.status >= 500;
    if (!retry) {
      attempt.refusedWith = answer.status;
      try {
        const problem = JSON.parse(answer.body) as {
          type?: string;
          detail?: string;
          errors?: { field?: string; code?: string }[];
        };
        attempt.refusal =
          `${problem.type ?? ''}: ${problem.detail ?? ''} ${JSON.stringify(problem.errors ?? [])}`.slice(
            0,
            300,
          );
      } catch {
        attempt.refusal = answer.body.slice(0, 300);
      }
      return attempt;
    }
    if (Date.now() > deadline) {
      attempt.gaveUp = true;
      return attempt;
    }
    await sleep(answer.status === 409 ? 500 : 300);
  }
}

/** Answers by status, per kind: `{ read: { 200: 812, 503: 40 }, pay: { 201: 30 } }`. */
export function byStatus(answers: Answer[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const answer of answers) {
    const kind = (counts[answer.kind] ??= {});
    const key = answer.status === 0 ? 'no-answer' : String(answer.status);
    kind[key] = (kind[key] ?? 0) + 1;
  }
  return counts;
}

import fs from 'node:fs';
import path from 'node:path';
import type { DeclineCode, ProcessorEvent, TokenDescription } from '../port';
import type { BankOutcome, CardOutcome } from './test-numbers';

/**
 * The sandbox's own state (docs/decisions/016), kept apart from the portal's database: one JSON file
 * under DATA_DIR/processor-sandbox, rewritten atomically after each change. The portal holds a
 * database transaction open while it charges, and the embedded PGlite has one connection, so the
 * sandbox must never wait on the portal's database.
 *
 * Like a real processor's vault it keeps no full card number, CVC or bank account number: a token
 * records its outcome class (what the test number decides) and its display facts only.
 */

export interface StoredToken {
  description: TokenDescription;
  outcome: CardOutcome | BankOutcome;
  createdAt: string;
}

export interface StoredCharge {
  id: string;
  token: string;
  kind: 'card' | 'bankAccount';
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
  status: 'succeeded' | 'pending' | 'declined' | 'settled' | 'returned' | 'voided' | 'refunded';
  declineCode: DeclineCode | null;
  returnCode: string | null;
  /** Bank payments: when the settlement (or the return) happens. */
  settleAt: string | null;
  settleOutcome: BankOutcome | null;
  refundedCents: number;
  createdAt: string;
}

export interface StoredRefund {
  id: string;
  charge: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed';
  failureReason: string | null;
  /** Bank refunds complete later (a `refund.succeeded` webhook). */
  completeAt: string | null;
  createdAt: string;
}

export interface Delivery {
  event: ProcessorEvent;
  attempts: number;
  nextAttemptAt: string;
}

export interface SandboxState {
  version: 1;
  tokens: Record<string, StoredToken>;
  charges: Record<string, StoredCharge>;
  refunds: Record<string, StoredRefund>;
  /** `<operation> <key>` → the first answer and a hash of the request it answered. */
  idempotency: Record<string, { requestHash: string; status: number; body: unknown; at: string }>;
  /** Webhook events not yet acknowledged by the portal (2xx). */
  deliveries: Delivery[];
}

const empty = (): SandboxState => ({ version: 1, tokens: {}, charges: {}, refunds: {}, idempotency: {}, deliveries: [] });

export class SandboxStore {
  readonly state: SandboxState;
  private readonly file: string;

  constructor(dir: string) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = path.join(dir, 'state.json');
    this.state = fs.existsSync(this.file) ? { ...empty(), ...(JSON.parse(fs.readFileSync(this.file, 'utf8')) as Partial<SandboxState>) } : empty();
  }

  /** Applies a change to the state and writes it before anyone is told about it. */
  change<T>(apply: (state: SandboxState) => T): T {
    const result = apply(this.state);
    this.flush();
    return result;
  }

  private flush(): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(this.state), { mode: 0o600 });
    fs.renameSync(temporary, this.file);
  }
}

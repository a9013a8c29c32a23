import fs from 'node:fs';
import path from 'node:path';
import type { DeclineCode, ProcessorEvent, TokenDescription } from '../port';
import type { BankOutcome, CardOutcome } from './test-numbers';

/**
 * The sandbox's own state (docs/decisions/016, 023), kept apart from the portal's database: a snapshot
 * (`state.json`) and an append-only journal (`journal.ndjson`) under DATA_DIR/processor-sandbox. A
 * change costs one appended line — the records it sets or removes, whole — written before anyone is
 * told about it; the journal is folded into a new snapshot when the store opens and whenever it has
 * grown past the snapshot's size. The portal holds a database transaction open while it charges, and
 * the embedded PGlite has one connection, so the sandbox must never wait on the portal's database.
 *
 * Like a real processor's vault it keeps no full card number, CVC or bank account number: a token
 * records its outcome class (what the test number decides), its display facts, its owner and a keyed
 * fingerprint of the number (docs/decisions/039) only.
 */

type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A token's display facts (what the hosted fields page may tell the portal page, and more). */
export type StoredDescription = Without<TokenDescription, 'owner' | 'fingerprint'>;

export interface StoredToken {
  description: StoredDescription;
  outcome: CardOutcome | BankOutcome;
  /**
   * The owner reference of the tokenisation session the token was made in (docs/decisions/039);
   * absent on tokens kept before owners were (the portal uses none of those as a one-time token).
   */
  owner?: string | null;
  /** HMAC of the card number (routing + account number) with the sandbox's own key; absent on older tokens. */
  fingerprint?: string | null;
  createdAt: string;
}

/** A tokenisation session the portal opened for an owner (server to server): tokens made in it are the owner's. */
export interface StoredSession {
  owner: string;
  expiresAt: string;
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

/** The first answer to `<operation> <key>` and a hash of the request it answered. */
export interface IdempotencyRecord {
  requestHash: string;
  status: number;
  body: unknown;
  at: string;
}

export interface Delivery {
  event: ProcessorEvent;
  attempts: number;
  nextAttemptAt: string;
}

interface Tables {
  sessions: StoredSession;
  tokens: StoredToken;
  charges: StoredCharge;
  refunds: StoredRefund;
  idempotency: IdempotencyRecord;
  /** Webhook events not yet acknowledged by the portal (2xx), by event id, oldest first. */
  deliveries: Delivery;
}
export type TableName = keyof Tables;

/** One record set to a new value, or removed (`null`). A change is a list of these, written as one line. */
export type Change = { [T in TableName]: { table: T; key: string; value: Tables[T] | null } }[TableName];

/** What the sandbox reads: records are replaced through {@link SandboxStore.write}, never edited in place. */
export type SandboxState = { readonly [T in TableName]: Readonly<Record<string, Readonly<Tables[T]>>> };

type MutableState = { [T in TableName]: Record<string, Tables[T]> };
type JournalEntry = [TableName, string, unknown];

const TABLES: readonly TableName[] = [
  'sessions',
  'tokens',
  'charges',
  'refunds',
  'idempotency',
  'deliveries',
];
const SNAPSHOT = 'state.json';
const JOURNAL = 'journal.ndjson';
/** The journal is folded into the snapshot once it outgrows the snapshot, and never below this size. */
const COMPACT_AT_BYTES = 8 * 1024 * 1024;

/**
 * Tables without a prototype: a key is an id someone sent (a token, a charge id), and `toString` or
 * `__proto__` must find nothing, not an inherited member (the API fuzzer sent the token "toString").
 */
const table = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;
const empty = (): MutableState => ({
  sessions: table(),
  tokens: table(),
  charges: table(),
  refunds: table(),
  idempotency: table(),
  deliveries: table(),
});

export interface SandboxStoreOptions {
  /** The least journal size that triggers a compaction (tests make it small). */
  compactAtBytes?: number;
}

export class SandboxStore {
  readonly #state: MutableState;
  readonly #snapshotFile: string;
  readonly #journalFile: string;
  readonly #compactAtBytes: number;
  #journal: number;
  #journalBytes = 0;
  #snapshotBytes = 0;
  /** Pending bank charges and refunds (`charges <id>`, `refunds <id>`) → when they complete (ms). */
  readonly #completing = new Map<string, number>();
  /** No pending one completes before this (ms): most asks need no look at them at all. */
  #nextCompletion = Infinity;

  constructor(dir: string, options: SandboxStoreOptions = {}) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.#snapshotFile = path.join(dir, SNAPSHOT);
    this.#journalFile = path.join(dir, JOURNAL);
    this.#compactAtBytes = options.compactAtBytes ?? COMPACT_AT_BYTES;
    this.#state = readSnapshot(this.#snapshotFile);
    for (const entry of readJournal(this.#journalFile)) apply(this.#state, entry);
    for (const [key, charge] of Object.entries(this.#state.charges)) this.#track(['charges', key, charge]);
    for (const [key, refund] of Object.entries(this.#state.refunds)) this.#track(['refunds', key, refund]);
    this.#journal = fs.openSync(this.#journalFile, 'a', 0o600);
    // Folds what the last run appended into the snapshot, and drops a line cut off by a crash.
    this.compact();
  }

  get state(): SandboxState {
    return this.#state;
  }

  /**
   * Appends the change as one journal line, then applies it: once this returns, a crash or SIGKILL
   * cannot lose it, and a crash while it writes loses all of it (the cut-off line is dropped on load),
   * so the records of one change — a charge and its idempotency key — are kept together or not at all.
   */
  write(changes: readonly Change[]): void {
    if (changes.length === 0) return;
    const entries: JournalEntry[] = changes.map((change) => [change.table, change.key, change.value]);
    const line = Buffer.from(`${JSON.stringify(entries)}\n`);
    try {
      writeAll(this.#journal, line);
    } catch (error) {
      // A partly written line would be glued to the next one: cut the journal back to its last whole line.
      fs.ftruncateSync(this.#journal, this.#journalBytes);
      throw error;
    }
    this.#journalBytes += line.length;
    for (const entry of entries) {
      apply(this.#state, entry);
      this.#track(entry);
    }
    if (this.#journalBytes > Math.max(this.#compactAtBytes, this.#snapshotBytes)) this.compact();
  }

  /**
   * Writes the whole state as the new snapshot (a temporary file, flushed, renamed over the old one),
   * then empties the journal. A crash between the two replays the journal over the new snapshot, which
   * changes nothing: every entry sets or removes a whole record.
   */
  compact(): void {
    const text = JSON.stringify({ version: 2, ...this.#state });
    const temporary = `${this.#snapshotFile}.${process.pid}.tmp`;
    const file = fs.openSync(temporary, 'w', 0o600);
    try {
      writeAll(file, Buffer.from(text));
      fs.fsyncSync(file);
    } finally {
      fs.closeSync(file);
    }
    fs.renameSync(temporary, this.#snapshotFile);
    fs.ftruncateSync(this.#journal, 0);
    this.#journalBytes = 0;
    this.#snapshotBytes = Buffer.byteLength(text);
  }

  close(): void {
    fs.closeSync(this.#journal);
  }

  /**
   * The pending bank charges and refunds whose settlement time has come. The webhook deliverer asks
   * several times a second; on a billing day tens of thousands of charges are held, most of them done.
   */
  completingBy(now: number): { charges: string[]; refunds: string[] } {
    const due = { charges: [] as string[], refunds: [] as string[] };
    if (now < this.#nextCompletion) return due;
    let next = Infinity;
    for (const [key, at] of this.#completing) {
      if (at > now) {
        next = Math.min(next, at);
        continue;
      }
      const [table, id] = key.split(' ') as ['charges' | 'refunds', string];
      due[table].push(id);
    }
    // The ones due now are settled by the caller; until they are, they are looked at again.
    this.#nextCompletion = due.charges.length + due.refunds.length > 0 ? now : next;
    return due;
  }

  #track([table, key, value]: JournalEntry): void {
    if (table !== 'charges' && table !== 'refunds') return;
    const record = value as Partial<StoredCharge & StoredRefund> | null;
    const at = table === 'charges' ? record?.settleAt : record?.completeAt;
    if (record?.status === 'pending' && typeof at === 'string') {
      const time = Date.parse(at);
      this.#completing.set(`${table} ${key}`, time);
      this.#nextCompletion = Math.min(this.#nextCompletion, time);
    } else {
      this.#completing.delete(`${table} ${key}`);
    }
  }
}

function writeAll(file: number, buffer: Buffer): void {
  let written = 0;
  while (written < buffer.length) written += fs.writeSync(file, buffer, written, buffer.length - written);
}

function apply(state: MutableState, [table, key, value]: JournalEntry): void {
  const records = state[table] as Record<string, unknown>;
  if (value === null) Reflect.deleteProperty(records, key);
  else records[key] = value;
}

function readSnapshot(file: string): MutableState {
  const state = empty();
  if (!fs.existsSync(file)) return state;
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  for (const table of TABLES) {
    const records = stored[table];
    if (table === 'deliveries' && Array.isArray(records)) {
      // Version 1 kept the deliveries as a list.
      for (const delivery of records as Delivery[]) state.deliveries[delivery.event.id] = delivery;
    } else if (records && typeof records === 'object') {
      Object.assign(state[table], records);
    }
  }
  return state;
}

/**
 * The journal's entries in order. Its last line may have been cut off by a crash while it was written
 * (the change it held was never acknowledged): it is left out. A damaged line before it is not a crash
 * the sandbox can explain, so loading stops rather than forget what came after.
 */
function readJournal(file: string): JournalEntry[] {
  if (!fs.existsSync(file)) return [];
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const entries: JournalEntry[] = [];
  lines.forEach((line, index) => {
    if (line === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      if (index === lines.length - 1) return;
      throw new Error(`the sandbox processor's journal ${file} is damaged at line ${String(index + 1)}`, {
        cause: error,
      });
    }
    if (!Array.isArray(parsed))
      throw new Error(`the sandbox processor's journal ${file} is damaged at line ${String(index + 1)}`);
    for (const entry of parsed as unknown[]) {
      if (!Array.isArray(entry) || !TABLES.includes(entry[0] as TableName) || typeof entry[1] !== 'string')
        throw new Error(`the sandbox processor's journal ${file} is damaged at line ${String(index + 1)}`);
      entries.push(entry as JournalEntry);
    }
  });
  return entries;
}

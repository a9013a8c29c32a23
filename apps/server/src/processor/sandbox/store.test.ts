import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxStore, type StoredCharge } from './store';

/**
 * The sandbox's state as a snapshot and an append-only journal (docs/decisions/023): a change is one
 * appended line, and whatever a crash leaves behind — a line cut off, a compaction stopped half way —
 * loads into the state that was acknowledged.
 */
describe('the sandbox processor’s journal', () => {
  const dirs: string[] = [];
  const stores: SandboxStore[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sandbox-store-'));
    dirs.push(dir);
    return dir;
  };
  const open = (dir: string, compactAtBytes?: number) => {
    const store = new SandboxStore(dir, compactAtBytes === undefined ? {} : { compactAtBytes });
    stores.push(store);
    return store;
  };
  const reopen = (store: SandboxStore, dir: string, compactAtBytes?: number) => {
    store.close();
    stores.splice(stores.indexOf(store), 1);
    return open(dir, compactAtBytes);
  };
  const journal = (dir: string) => path.join(dir, 'journal.ndjson');
  const charge = (id: string, amountCents = 1_000): StoredCharge => ({
    id,
    token: 'tok_sbx_test',
    kind: 'card',
    amountCents,
    description: 'Premium',
    metadata: { policyId: 'p-1' },
    status: 'succeeded',
    declineCode: null,
    returnCode: null,
    settleAt: null,
    settleOutcome: null,
    refundedCents: 0,
    createdAt: '2026-12-01T10:00:00.000Z',
  });
  const keyed = (id: string) => ({
    table: 'idempotency' as const,
    key: `charge key-${id}`,
    value: { requestHash: 'h', status: 200, body: { id }, at: '2026-12-01T10:00:00.000Z' },
  });

  it('writes a change as one appended line, not the whole state, and reloads it', () => {
    const dir = folder();
    const store = open(dir);
    const snapshot = fs.readFileSync(path.join(dir, 'state.json'), 'utf8');
    store.write([{ table: 'charges', key: 'ch_1', value: charge('ch_1') }, keyed('ch_1')]);
    store.write([{ table: 'charges', key: 'ch_2', value: charge('ch_2') }, keyed('ch_2')]);
    store.write([
      {
        table: 'charges',
        key: 'ch_1',
        value: { ...charge('ch_1'), status: 'refunded', refundedCents: 1_000 },
      },
    ]);
    // The snapshot is untouched; the journal holds the three changes, one line each.
    expect(fs.readFileSync(path.join(dir, 'state.json'), 'utf8')).toBe(snapshot);
    expect(fs.readFileSync(journal(dir), 'utf8').trimEnd().split('\n')).toHaveLength(3);

    const reloaded = reopen(store, dir);
    expect(Object.keys(reloaded.state.charges)).toEqual(['ch_1', 'ch_2']);
    expect(reloaded.state.charges.ch_1).toMatchObject({ status: 'refunded', refundedCents: 1_000 });
    expect(reloaded.state.idempotency['charge key-ch_2']?.body).toEqual({ id: 'ch_2' });
    // Opening folded the journal into the snapshot.
    expect(fs.readFileSync(journal(dir), 'utf8')).toBe('');
  });

  it('drops a line cut off by a crash — the whole change, never half of it — and appends cleanly after it', () => {
    const dir = folder();
    const store = open(dir);
    store.write([{ table: 'charges', key: 'ch_1', value: charge('ch_1') }, keyed('ch_1')]);
    store.write([
      {
        table: 'deliveries',
        key: 'evt_1',
        value: {
          event: {
            id: 'evt_1',
            type: 'charge.settled',
            transactionId: 'ch_1',
            amountCents: 12_345,
            metadata: {},
          },
          attempts: 0,
          nextAttemptAt: '2026-12-01T10:00:00.000Z',
        },
      },
    ]);
    // The process dies while it appends the charge ch_2 and its key: part of the line reached the file.
    const line = `${JSON.stringify([
      ['charges', 'ch_2', charge('ch_2')],
      ['idempotency', 'charge key-ch_2', keyed('ch_2').value],
    ])}\n`;
    store.close();
    stores.splice(stores.indexOf(store), 1);
    fs.appendFileSync(journal(dir), line.slice(0, Math.floor(line.length * 0.6)));

    const reloaded = open(dir);
    expect(Object.keys(reloaded.state.charges)).toEqual(['ch_1']);
    expect(Object.keys(reloaded.state.idempotency)).toEqual(['charge key-ch_1']);
    expect(Object.keys(reloaded.state.deliveries)).toEqual(['evt_1']);
    // The next change is not glued to the cut-off line.
    reloaded.write([{ table: 'charges', key: 'ch_3', value: charge('ch_3') }, keyed('ch_3')]);
    reloaded.write([{ table: 'deliveries', key: 'evt_1', value: null }]);
    const again = reopen(reloaded, dir);
    expect(Object.keys(again.state.charges)).toEqual(['ch_1', 'ch_3']);
    expect(again.state.deliveries).toEqual({});
  });

  it('refuses to load a journal damaged before its last line rather than forget what follows', () => {
    const dir = folder();
    const store = open(dir);
    store.close();
    stores.splice(stores.indexOf(store), 1);
    fs.writeFileSync(
      journal(dir),
      `{"not":"a change"\n${JSON.stringify([['charges', 'ch_1', charge('ch_1')]])}\n`,
    );
    expect(() => new SandboxStore(dir)).toThrow(/damaged at line 1/);
  });

  it('compacts once the journal outgrows the snapshot, and a compaction cut short replays to the same state', () => {
    const dir = folder();
    const store = open(dir, 4_096);
    for (let index = 0; index < 200; index += 1) {
      store.write([
        { table: 'charges', key: `ch_${String(index)}`, value: charge(`ch_${String(index)}`, index) },
        keyed(String(index)),
      ]);
      expect(fs.statSync(journal(dir)).size).toBeLessThanOrEqual(
        Math.max(4_096, fs.statSync(path.join(dir, 'state.json')).size),
      );
    }
    const expected = JSON.parse(JSON.stringify(store.state)) as unknown;
    expect(Object.keys(store.state.charges)).toHaveLength(200);

    // A crash after the new snapshot was renamed into place but before the journal was emptied.
    const pending = fs.readFileSync(journal(dir));
    store.compact();
    fs.writeFileSync(journal(dir), pending);
    const reloaded = reopen(store, dir, 4_096);
    expect(JSON.parse(JSON.stringify(reloaded.state))).toEqual(expected);
  });

  it('reads the state file of earlier versions, which kept the webhook deliveries as a list', () => {
    const dir = folder();
    const delivery = {
      event: { id: 'evt_old', type: 'charge.settled', transactionId: 'ch_old', metadata: {} },
      attempts: 2,
      nextAttemptAt: '2026-12-01T10:00:00.000Z',
    };
    fs.writeFileSync(
      path.join(dir, 'state.json'),
      JSON.stringify({
        version: 1,
        tokens: {},
        charges: { ch_old: charge('ch_old') },
        refunds: {},
        idempotency: {},
        deliveries: [delivery],
      }),
    );
    const store = open(dir);
    expect(store.state.deliveries).toEqual({ evt_old: delivery });
    expect(Object.keys(store.state.charges)).toEqual(['ch_old']);
  });
});

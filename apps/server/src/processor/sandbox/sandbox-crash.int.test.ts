import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PROCESSOR_ONLY_OWNER,
  startTestSandbox,
  TEST_API_KEY,
  TEST_WEBHOOK_SECRET,
} from '../../../test/sandbox';
import { repoRoot } from '../../settings';
import { HttpProcessor } from '../http-adapter';
import type { ChargeResult } from '../port';
import { TEST_CARDS } from './test-numbers';

/**
 * Decision 016/023: a charge the sandbox acknowledged is never forgotten. Its own process is killed
 * (SIGKILL: no chance to flush or close) while charges pour in, and the journal's last line is cut
 * off as a crash in the middle of an append leaves it; started again on the same folder, the sandbox
 * answers every acknowledged key with the charge it made, and no key is ever charged twice.
 */
describe('the sandbox processor killed while it charges', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sandbox-crash-'));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The sandbox in a process of its own (./sandbox-process.fixture.ts). */
  async function sandboxProcess() {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(repoRoot, 'apps/server/src/processor/sandbox/sandbox-process.fixture.ts'),
        dataDir,
        TEST_API_KEY,
        TEST_WEBHOOK_SECRET,
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<string | null>((resolve) => {
      child.once('exit', (_code, signal) => {
        resolve(signal);
      });
    });
    const started = await new Promise<{ url: string; publicOrigin: string }>((resolve, reject) => {
      let line = '';
      child.stdout.on('data', (chunk: Buffer) => {
        line += chunk.toString();
        if (line.includes('\n')) resolve(JSON.parse(line) as { url: string; publicOrigin: string });
      });
      void exited.then(() => {
        reject(new Error(`the sandbox process ended before it listened:\n${output}`));
      });
    });
    return { child, exited, ...started };
  }

  const chargeOf = (processor: HttpProcessor, token: string, key: string) =>
    processor.charge({
      token,
      amountCents: 4_200,
      idempotencyKey: key,
      description: 'Premium',
      metadata: { key },
    });

  it('answers every acknowledged charge after a SIGKILL and a cut-off journal line, and charges no key twice', async () => {
    const first = await sandboxProcess();
    const processor = new HttpProcessor({
      url: first.url,
      publicOrigin: first.publicOrigin,
      apiKey: TEST_API_KEY,
      webhookSecret: TEST_WEBHOOK_SECRET,
      timeoutMs: 5_000,
    });
    const session = await processor.createTokenizationSession(PROCESSOR_ONLY_OWNER);
    const tokenized = await fetch(`${first.url}/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.publicOrigin },
      body: JSON.stringify({
        kind: 'card',
        fields: { number: TEST_CARDS.visa.number, expiry: '12/34', cvc: '737', postalCode: '02720' },
        session: session.id,
      }),
    });
    const { token } = (await tokenized.json()) as { token: string };

    // Sixteen callers charge 400 keys; the process is killed once 120 charges were acknowledged.
    const keys = Array.from({ length: 400 }, (_, index) => `crash-${String(index)}`);
    const acknowledged = new Map<string, ChargeResult>();
    let next = 0;
    const caller = async () => {
      while (next < keys.length) {
        const key = keys[next++] ?? '';
        try {
          acknowledged.set(key, await chargeOf(processor, token, key));
        } catch {
          // Killed under this request: its outcome is unknown to the caller.
        }
        if (acknowledged.size === 120) first.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 16 }, caller));
    expect(await first.exited).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(120);
    expect(acknowledged.size).toBeLessThan(keys.length);

    // A crash in the middle of an append: the first part of a charge's line reached the journal.
    const journal = path.join(dataDir, 'journal.ndjson');
    const lines = fs.readFileSync(journal, 'utf8').trimEnd().split('\n');
    const last = (lines.at(-1) ?? '').replaceAll('crash-', 'torn-');
    expect(last.length).toBeGreaterThan(0);
    fs.appendFileSync(journal, last.slice(0, Math.floor(last.length / 2)));

    const second = await startTestSandbox({ dataDir });
    try {
      for (const [key, result] of acknowledged) {
        expect(await chargeOf(second.processor, token, key)).toEqual(result);
      }
      // Every key charged again: the ones whose answer was lost find their charge or make their only one.
      for (const key of keys) await chargeOf(second.processor, token, key);
      const byKey = new Map<string, number>();
      for (const charge of second.sandbox.charges())
        byKey.set(charge.metadata.key ?? '', (byKey.get(charge.metadata.key ?? '') ?? 0) + 1);
      expect([...byKey.keys()].sort()).toEqual([...keys].sort());
      expect([...byKey.values()].every((count) => count === 1)).toBe(true);
    } finally {
      await second.close(true);
    }
  }, 60_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server-process';

/**
 * The embedded database must keep every row the API acknowledged, even when the process is killed
 * mid-write (SIGKILL: no chance to flush or close), and a graceful stop (SIGTERM) must let in-flight
 * requests finish before the database closes.
 */
describe('embedded database durability', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-durability-'));
  /**
   * The billing day that runs at start (on PGlite, on the event loop) would have the load shedding answer
   * 503 to every write of the burst on a busy machine: neither is what this test is about.
   */
  const env = { DATA_DIR: dataDir, JOBS: 'false', LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0', DEMO_HOUSEHOLDS: '5' };

  const started: RunningServer[] = [];
  afterAll(() => {
    // A test that failed half-way leaves no server behind.
    for (const server of started) if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const start = async () => {
    const server = await startServer(env);
    started.push(server);
    return server;
  };

  const postEvent = async (url: string, name: string): Promise<boolean> => {
    try {
      const response = await fetch(`${url}/api/v1/Logging`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events: [{ level: 'info', event: name }] }),
      });
      return response.status === 202;
    } catch {
      return false; // the connection died with the server: not acknowledged
    }
  };

  it('finds every acknowledged row after a kill and after a graceful stop', async () => {
    const acknowledged = new Set<string>();
    // At most 50 writes per process, under the logging route's 60 a minute per address.
    const first = await start();

    // Two writers in parallel; the process is killed while both are mid-request.
    let stop = false;
    const writer = async (prefix: string) => {
      for (let i = 0; !stop && i < 25; i += 1) {
        const name = `${prefix}-${i}`;
        if (await postEvent(first.url, name)) acknowledged.add(name);
      }
    };
    const writers = [writer('kill-a'), writer('kill-b')];
    while (acknowledged.size < 15) await new Promise((r) => setTimeout(r, 5));
    first.process.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(await first.exited).toBe('SIGKILL');
    const ackedBeforeKill = acknowledged.size;
    expect(ackedBeforeKill).toBeGreaterThanOrEqual(15);

    // A new process recovers the same folder (the stale lock of the killed one is taken over).
    const second = await start();
    const health = await fetch(`${second.url}/api/health`);
    expect(health.status).toBe(200);

    // A burst of writes with SIGTERM sent while they are in flight: answered requests must be stored.
    const before = acknowledged.size;
    const burst = Array.from({ length: 20 }, (_, i) => `term-${i}`).map(async (name) => {
      if (await postEvent(second.url, name)) acknowledged.add(name);
    });
    // Once the first of them is answered (the others are on their way: on a busy machine a fixed pause
    // could end before any arrived), the stop comes.
    const progress = { answered: false };
    const burstAnswered = Promise.all(burst).then(() => {
      progress.answered = true;
    });
    while (acknowledged.size === before && !progress.answered) await new Promise((r) => setTimeout(r, 2));
    expect(acknowledged.size, 'no write of the burst was acknowledged').toBeGreaterThan(before);
    second.process.kill('SIGTERM');
    await burstAnswered;
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toMatch(/error/i);

    // Read the folder directly: every acknowledged event is there.
    const db = new PGlite(path.join(dataDir, 'pgdata'));
    const rows = await db.query<{ event: string }>('select event from client_events');
    await db.close();
    const stored = new Set(rows.rows.map((row) => row.event));
    const missing = [...acknowledged].filter((name) => !stored.has(name));
    expect(missing).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(ackedBeforeKill);
    // The lock file is removed by a graceful stop.
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 150_000);
});

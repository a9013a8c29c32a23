import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../bench/lib/sign-in.mjs';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { startServer, type RunningServer } from './server-process';

/**
 * The embedded database must keep every row the API acknowledged, even when the process is killed
 * mid-write (SIGKILL: no chance to flush or close), and a graceful stop (SIGTERM) must let in-flight
 * requests finish before the database closes.
 */
// The embedded database only (PGlite in the server's DATA_DIR): the PostgreSQL pass of CI (TEST_DATABASE_URL
// set) would run the same thing again, about a minute of a CI that must stay under 30.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database durability', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-durability-'));
  /**
   * The billing day that runs at start (on PGlite, on the event loop) would have the load shedding answer
   * 503 to every write of the burst on a busy machine: neither is what this test is about.
   */
  const env = {
    DATA_DIR: dataDir,
    JOBS: 'false',
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    DEMO_HOUSEHOLDS: '5',
  };

  const started: RunningServer[] = [];
  afterAll(() => {
    // A test that failed half-way leaves no server behind.
    for (const server of started)
      if (server.process.exitCode === null && server.process.signalCode === null)
        server.process.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const start = async (extra: Record<string, string> = {}) => {
    const server = await startServer({ ...env, ...extra });
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
  }, 400_000);

  /**
   * Reads are audited through a group commit (docs/decisions/035): many requests' rows in one statement,
   * and a request answers only once the statement holding its row has committed. So a read that was
   * answered has its audit row on disk, even when the process is killed right after.
   */
  it('finds the audit row of every read it answered after a kill', async () => {
    // Signing in needs the server's public URL before it starts: a free port chosen here. Between the
    // probe and the server's listen another process may take it (an outgoing connection of a suite running
    // beside this one gets a port from the same range): then another port, up to three times.
    const freePort = () =>
      new Promise<number>((resolve, reject) => {
        const probe = net.createServer();
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', () => {
          const address = probe.address();
          probe.close(() => {
            resolve(typeof address === 'object' && address ? address.port : 0);
          });
        });
      });
    let server: RunningServer | undefined;
    for (let attempt = 1; !server; attempt += 1) {
      const port = await freePort();
      try {
        server = await start({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}` });
      } catch (error) {
        if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
      }
    }
    const token = await signIn(server.url, 'consumer', 'maria.santos', DEMO_PASSWORD);

    const answered = new Set<string>();
    let stop = false;
    const reader = async (prefix: string) => {
      for (let i = 0; !stop && i < 1_000; i += 1) {
        const requestId = `${prefix}-${i}`;
        try {
          const response = await fetch(`${server.url}/api/v1/Household/user`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'x-request-id': requestId,
            },
            body: '{}',
          });
          await response.arrayBuffer();
          if (response.status === 200) answered.add(requestId);
        } catch {
          // the connection died with the server: not answered
        }
      }
    };
    // Several readers at once, so that rows of different requests share a statement.
    const readers = ['read-a', 'read-b', 'read-c', 'read-d'].map(reader);
    while (answered.size < 40) await new Promise((r) => setTimeout(r, 2));
    server.process.kill('SIGKILL');
    stop = true;
    await Promise.all(readers);
    expect(await server.exited).toBe('SIGKILL');

    const db = new PGlite(path.join(dataDir, 'pgdata'));
    const rows = await db.query<{ request_id: string }>(
      "select request_id from audit_log where action = 'read' and request_id like 'read-%'",
    );
    await db.close();
    const audited = new Set(rows.rows.map((row) => row.request_id));
    expect([...answered].filter((requestId) => !audited.has(requestId))).toEqual([]);
    expect(answered.size).toBeGreaterThanOrEqual(40);
  }, 400_000);
});

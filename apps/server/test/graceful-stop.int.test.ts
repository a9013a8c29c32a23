import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A POST whose body arrives slowly: in flight from the moment its headers are sent until `finish()`
 * sends the rest. Answers the status the server gave it.
 */
function slowPost(url: string, body: string) {
  const target = new URL(url);
  const request = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
  });
  // Awaited by the test; a failure before that must not also surface as an unhandled rejection.
  void answered.catch(() => undefined);
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return {
    answered,
    finish: () => {
      request.end(body.slice(half));
    },
  };
}

/**
 * Issue 40, defect 2: SIGTERM answered 503 to in-flight and new requests within 0.1 s and exited — no
 * drain. Now: readiness fails at once, the instance serves on for SHUTDOWN_DRAIN_MS while the load
 * balancer notices, finishes what is in flight, then closes its pools and exits 0.
 */
describe('issue 40 defect 2: a stopping instance drains', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-drain-'));
  let server: RunningServer | undefined;
  afterAll(() => {
    if (server && server.process.exitCode === null && server.process.signalCode === null)
      server.process.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM fails readiness at once, serves on through the drain, finishes in-flight requests and exits 0', async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      DEMO_MODE: 'false',
      JOBS: 'false',
      SHUTDOWN_DRAIN_MS: '2000',
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    const { url } = server;
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);

    // A request in flight when the signal comes, whose body ends only after the drain.
    const inFlight = slowPost(
      `${url}/api/v1/Logging`,
      JSON.stringify({ events: [{ level: 'info', event: 'drain-in-flight' }] }),
    );
    await sleep(200);
    const signalledAt = Date.now();
    server.process.kill('SIGTERM');

    // Readiness says so at once (the load balancer's next check takes the instance out) …
    // (the signal takes a moment to arrive: a request answered before it is still ready).
    let ready = await fetch(`${url}/api/health/ready`);
    while (ready.status === 200 && Date.now() - signalledAt < 1_000) {
      await ready.arrayBuffer();
      await sleep(20);
      ready = await fetch(`${url}/api/health/ready`);
    }
    expect(ready.status).toBe(503);
    expect(Date.now() - signalledAt).toBeLessThan(1_000);
    expect(await ready.json()).toMatchObject({ status: 'not-ready', checks: { lifecycle: 'draining' } });

    // … while every other request is still served during the drain (2 s here).
    const answers: number[] = [];
    while (Date.now() - signalledAt < 1_600) {
      const response = await fetch(`${url}/api/health`).catch(() => null);
      answers.push(response?.status ?? 0);
      await response?.arrayBuffer();
      await sleep(50);
    }
    expect(answers.length).toBeGreaterThan(5);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect(server.process.exitCode).toBeNull();

    // The request that was in flight through the drain completes once its body arrives.
    await sleep(Math.max(0, 2_300 - (Date.now() - signalledAt)));
    inFlight.finish();
    expect(await inFlight.answered).toBe(202);
    expect(await server.exited).toBe(0);
    // Its row was written before the database closed.
    expect(server.output()).not.toMatch(/did not finish in time|error while stopping/);
  }, 120_000);
});

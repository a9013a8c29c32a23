// The fleet harness (issue 40, docs/decisions/049): `npm run fleet` (scripts/fleet.mjs prepares HAProxy,
// the build and a certificate, then runs this with tsx). On loopback only: two portal instances from the
// built bundle with JOBS=false and one job runner, on a PostgreSQL and a Redis of their own, behind HAProxy
// terminating TLS and sending X-Forwarded-For/Proto/Host and X-Request-Id, under a steady load of members'
// reads and card payments. Each case breaks something and checks what members see and what was charged:
//
//   e  a live notification raised on one instance reaches an event stream, and a member's browser (Chromium,
//      signed in through the proxy, pinned to b), connected to the other
//   a  SIGKILL one instance: only in-flight requests fail, members stay signed in, nothing acknowledged is lost, no double charge
//   b  SIGTERM one instance: no failed request (HAProxy's health checks and the instance's drain)
//   c  PostgreSQL stopped ~6 s under load: 503 + Retry-After (the app's page for HTML), no crash, recovery without restart, nothing lost
//   d  Redis stopped: streams say degraded (the page polls), limits and sessions fail safe, no 500, every stream recovers
//   f  two instances starting together on a fresh and on a seeded database: both fully ready
//
// Options: --cases e,a,b,c,d,f (or none)  --throughput [--runs 2 --seconds 8 --connections 16]
//          --record / --no-record (append to bench/RESULTS.md; default: record unless CI)  --json
// Exits 1 when any case's expectation fails.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadTenantConfig } from '../../apps/server/src/lib/tenant-config';
import { tenantToday } from '../../apps/server/src/lib/today';
import { openPostgres } from '../../apps/server/src/db/client';
import { eq, sql } from 'drizzle-orm';
import { coverageSpans, finances } from '../../apps/server/src/db/schema';
import { householdOwner } from '../../apps/server/src/processor/owner';
import { TEST_CARDS } from '../../apps/server/src/processor/sandbox/test-numbers';
import { repoRoot } from '../../apps/server/src/settings';
import { createAccount, createMemberWithPolicy, PASSWORD } from '../../apps/server/test/fixtures';
import { fleetDatabase, sharedEnv } from '../../apps/server/test/fleet';
import { freePort } from '../../apps/server/test/free-port';
import {
  startTestSandbox,
  TEST_API_KEY,
  TEST_WEBHOOK_SECRET,
  type TestSandbox,
} from '../../apps/server/test/sandbox';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../apps/server/test/throwaway-postgres';
import { startThrowawayRedis, type ThrowawayRedis } from '../../apps/server/test/throwaway-redis';
import { BENCH_CLIENT_SECRET, signIn } from '../lib/sign-in.mjs';
import { byStatus, pay, Recorder, startLoad, type Answer, type Member, type PaymentAttempt } from './load';
import { Haproxy, machineBusyMs, PortalProcess, postmasterPid, treeCpuMs } from './processes';
import { openStream, type StreamEvent } from './stream';
import { memberBrowser, NOTICE_PREFIX, type MemberBrowser } from './browser';
import { caseTable, caseTimes, type CaseResult, type Check } from './record';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: 'e,a,b,c,d,f' },
    throughput: { type: 'boolean', default: false },
    runs: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '16' },
    record: { type: 'boolean' },
    'no-record': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const CASES = values.cases === 'none' ? [] : values.cases.split(',').map((name) => name.trim());
const record = values['no-record'] ? false : (values.record ?? process.env.CI === undefined);
const tlsDir = process.env.FLEET_TLS_DIR;
if (!tlsDir || !fs.existsSync(path.join(tlsDir, 'proxy.pem'))) {
  console.error(
    'Run the harness with `npm run fleet` (scripts/fleet.mjs makes its certificate and checks HAProxy and the build).',
  );
  process.exit(2);
}

/** Health checks every 500 ms, two failures mark an instance down; the drain outlasts that (decision 044). */
const CHECK_INTERVAL_MS = 500;
const FALL = 2;
const DRAIN_MS = 2_500;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const commit = (() => {
  try {
    const head = execSync('git rev-parse --short HEAD', { cwd: repoRoot }).toString().trim();
    const dirty =
      execSync('git status --porcelain --untracked-files=no', { cwd: repoRoot }).toString().trim() !== '';
    return dirty ? `${head} + uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
})();
const machine = `${String(os.cpus().length)} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${String(Math.round(os.totalmem() / 2 ** 30))} GiB, Node ${process.version}`;
const log = (line: string) => {
  if (!values.json) console.error(line);
};

const runStarted = Date.now();
const loadBefore = load();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fleet-'));
const logDir = path.join(work, 'logs');
fs.mkdirSync(logDir);

let postgres: ThrowawayPostgres | null = null;
let redis: ThrowawayRedis | null = null;
let sandbox: TestSandbox | null = null;
const processes: PortalProcess[] = [];
let haproxy: Haproxy | null = null;

async function cleanUp(): Promise<void> {
  for (const child of processes) child.signal('SIGKILL');
  haproxy?.signal('SIGKILL');
  await Promise.all([...processes.map((child) => child.exited), haproxy?.exited]);
  await sandbox?.close().catch(() => undefined);
  await redis?.dispose().catch(() => undefined);
  await postgres?.dispose().catch(() => undefined);
}

// Interrupted (Ctrl-C, or CI stopping it): nothing of ours is left running.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`fleet: ${signal}: stopping every process it started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const results: CaseResult[] = [];
let throughput: ThroughputResult | null = null;
let payerCoverage: string[] = [];
let exitCode = 0;
/** An error outside the cases' own checks (the run then fails): recorded with the cases. */
let runError: string | null = null;
try {
  // ---- The deployment ------------------------------------------------------------------------------
  log(`fleet: work folder ${work}`);
  [postgres, redis, sandbox] = await Promise.all([
    startThrowawayPostgres(),
    startThrowawayRedis(),
    startTestSandbox({ timeoutMs: 5_000 }),
  ]);
  const pgServer = postgres;
  const redisServer = redis;
  const processor = sandbox;
  const databaseUrl = await fleetDatabase(pgServer, 'portal');

  // Members: readers, and payers. Their premiums are wholly paid by the tax credit, so that the job runner's
  // billing day keeps their coverage running (the fixture's coverage started last year and nothing was
  // paid: it would end it for non-payment, and an ended coverage refuses payments above what it is owed).
  // Their payments of a few dollars each are paid ahead.
  const seedHandle = openPostgres({ connectionString: databaseUrl, poolSize: 2 });
  const makeMember = async (): Promise<Omit<Member, 'token'> & { password: string }> => {
    const member = await createMemberWithPolicy(seedHandle.db);
    await seedHandle.db
      .update(coverageSpans)
      .set({ taxCreditAmountCents: sql`${coverageSpans.premiumAmountCents}` })
      .where(eq(coverageSpans.policyId, member.policyId));
    await seedHandle.db.insert(finances).values({
      policyId: member.policyId,
      premiumAmountDueCents: 0,
      currentAmountDueCents: 0,
      status: 'Current',
    });
    const account = await createAccount(seedHandle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: member.memberId,
    });
    return {
      username: account.username,
      password: PASSWORD,
      policyId: member.policyId,
      folderId: member.folderId,
      householdId: member.householdId ?? '',
    };
  };
  const seededReaders = await Promise.all([makeMember(), makeMember(), makeMember()]);
  const seededPayers = await Promise.all([makeMember(), makeMember(), makeMember(), makeMember()]);
  await seedHandle.close();

  const [portA, portB, front, single] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const publicUrl = `https://127.0.0.1:${String(front)}`;
  const shared = await sharedEnv();
  const METRICS_TOKEN = 'fleet-harness-metrics-token-0123456789abcdef';
  const env = (dataDir: string, databaseUrlOf = databaseUrl): Record<string, string> => ({
    ...shared,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, dataDir),
    DATABASE_URL: databaseUrlOf,
    DATABASE_POOL_SIZE: '10',
    REDIS_URL: redisServer.url,
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: publicUrl,
    PROCESSOR_URL: processor.sandbox.url,
    PROCESSOR_API_KEY: TEST_API_KEY,
    PROCESSOR_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    PROCESSOR_TIMEOUT_MS: '5000',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    METRICS_TOKEN,
    OIDC_CLIENT_SECRET: BENCH_CLIENT_SECRET,
    LOG_LEVEL: 'warn',
  });
  const a = new PortalProcess('a', portA, { ...env('a'), JOBS: 'false' }, logDir);
  const b = new PortalProcess('b', portB, { ...env('b'), JOBS: 'false' }, logDir);
  const runner = new PortalProcess('runner', null, env('runner'), logDir, 'jobs');
  processes.push(a, b, runner);
  const proxy = new Haproxy(
    {
      dir: work,
      pem: path.join(tlsDir, 'proxy.pem'),
      port: front,
      singlePort: single,
      servers: [
        { name: 'a', port: portA },
        { name: 'b', port: portB },
      ],
      checkIntervalMs: CHECK_INTERVAL_MS,
      fall: FALL,
    },
    logDir,
  );
  haproxy = proxy;
  await proxy.start();
  const startMs = await Promise.all([a.start(), b.start(), runner.start()]);
  await Promise.all([proxy.waitFor('a', 'UP'), proxy.waitFor('b', 'UP')]);
  log(
    `fleet: a, b and the job runner ready in ${startMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}; HAProxy on ${publicUrl}`,
  );

  // Signed in through the proxy, as a browser is (the identity provider's steps may land on either instance).
  const signedIn = async (member: Omit<Member, 'token'> & { password: string }): Promise<Member> => ({
    ...member,
    token: await signIn(publicUrl, 'consumer', member.username, member.password),
  });
  const readers = await Promise.all(seededReaders.map(signedIn));
  const payers = await Promise.all(
    seededPayers.map(async (member) => ({
      ...(await signedIn(member)),
      card: await processor.cardToken(TEST_CARDS.visa.number, { owner: householdOwner(member.householdId) }),
    })),
  );
  const today = tenantToday(loadTenantConfig(path.join(repoRoot, 'config')));
  let cents = 100;
  const loadOptions = (payerList: Member[]) => ({
    readers,
    payers: payerList,
    readPauseMs: 25,
    payPauseMs: 150,
    today,
    centsFrom: () => (cents += 1),
  });
  const [loadPayerA, loadPayerB, streamPayer, spare] = payers;
  if (!loadPayerA || !loadPayerB || !streamPayer || !spare) throw new Error('four payers expected');
  const loadPayers = [loadPayerA, loadPayerB];

  // ---- What a case's answers and payments add up to -------------------------------------------------
  const ledger = async (attempts: PaymentAttempt[]) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const acknowledged = attempts.filter((attempt) => attempt.transactionId !== null);
      const mine = new Set(attempts.map((attempt) => `${attempt.policyId} ${String(attempt.cents)}`));
      const charges = processor.sandbox
        .charges()
        .filter(
          (charge) =>
            mine.has(`${charge.metadata.policyId ?? ''} ${String(charge.amountCents)}`) &&
            charge.status === 'succeeded',
        );
      const perAttempt = new Map<string, number>();
      for (const charge of charges) {
        const key = `${charge.metadata.policyId ?? ''} ${String(charge.amountCents)}`;
        perAttempt.set(key, (perAttempt.get(key) ?? 0) + 1);
      }
      const { rows } = await client.query<{ transaction_id: string }>(
        'select transaction_id from payments where transaction_id = any($1)',
        [
          [
            ...new Set([
              ...acknowledged.map((attempt) => attempt.transactionId ?? ''),
              ...charges.map((charge) => charge.id),
            ]),
          ],
        ],
      );
      const recorded = new Set(rows.map((row) => row.transaction_id));
      return {
        acknowledgedPayments: acknowledged.length,
        chargesAtProcessor: charges.length,
        doubleCharges: [...perAttempt.values()].filter((count) => count > 1).length,
        lostAcknowledged: acknowledged.filter((attempt) => !recorded.has(attempt.transactionId ?? '')).length,
        chargedNotRecorded: charges.filter((charge) => !recorded.has(charge.id)).length,
        paymentsGivenUp: attempts.filter((attempt) => attempt.gaveUp).length,
        refused: attempts
          .filter((attempt) => attempt.refusedWith !== null)
          .map((attempt) => `${String(attempt.refusedWith)} ${attempt.refusal ?? ''}`),
      };
    } finally {
      await client.end();
    }
  };
  const failedOf = (answers: Answer[]) =>
    answers.filter((answer) => answer.status === 0 || answer.status >= 500);
  const summarise = async (
    name: string,
    title: string,
    started: number,
    recorder: Recorder,
    checks: Check[],
    facts: Record<string, unknown> = {},
  ): Promise<CaseResult> => {
    const money = await ledger(recorder.payments);
    const failed: Record<string, number> = {};
    for (const answer of failedOf(recorder.answers)) {
      const key = answer.status === 0 ? 'no-answer' : String(answer.status);
      failed[key] = (failed[key] ?? 0) + 1;
    }
    const allChecks: Check[] = [
      ...checks,
      {
        name: '0 acknowledged payments lost',
        ok: money.lostAcknowledged === 0,
        detail: String(money.lostAcknowledged),
      },
      { name: '0 double charges', ok: money.doubleCharges === 0, detail: String(money.doubleCharges) },
      {
        name: 'every charge recorded by the portal',
        ok: money.chargedNotRecorded === 0,
        detail: String(money.chargedNotRecorded),
      },
      {
        name: 'every payment acknowledged or refused (none given up)',
        ok: money.paymentsGivenUp === 0,
        detail: String(money.paymentsGivenUp),
      },
      {
        name: 'no member signed out (0 × 401)',
        ok: recorder.answers.every((answer) => answer.status !== 401),
        detail: String(recorder.answers.filter((answer) => answer.status === 401).length),
      },
    ];
    const result: CaseResult = {
      case: name,
      title,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      answers: byStatus(recorder.answers),
      ok: recorder.answers.filter((answer) => answer.status > 0 && answer.status < 400).length,
      failed,
      acknowledgedPayments: money.acknowledgedPayments,
      chargesAtProcessor: money.chargesAtProcessor,
      doubleCharges: money.doubleCharges,
      lostAcknowledged: money.lostAcknowledged,
      chargedNotRecorded: money.chargedNotRecorded,
      paymentsGivenUp: money.paymentsGivenUp,
      facts: {
        ...facts,
        resentAfterProxyClosed: recorder.resentAfterClose,
        ...(money.refused.length > 0 ? { paymentsRefused: money.refused } : {}),
      },
      checks: allChecks,
      passed: allChecks.every((check) => check.ok),
    };
    console.log(JSON.stringify(result));
    for (const check of allChecks.filter((one) => !one.ok))
      log(`  FAILED ${name}: ${check.name}${check.detail ? ` (${check.detail})` : ''}`);
    return result;
  };
  const bothUp = async () => {
    for (const instance of [a, b]) if (!instance.running) await instance.start();
    await Promise.all([proxy.waitFor('a', 'UP'), proxy.waitFor('b', 'UP')]);
  };
  const pinned = (server: string) => ({ 'x-fleet-server': server });

  // The proxy's request id reaches the instance and comes back (structured logs carry it, decision 049).
  const probe = await fetch(`${publicUrl}/api/health/live`);
  const proxyRequestId = probe.headers.get('x-request-id') ?? '';
  const setupChecks: Check[] = [
    {
      name: 'the request id made by HAProxy is the one the instance answered with',
      ok: /^[0-9A-F]{8}:/.test(proxyRequestId),
      detail: proxyRequestId,
    },
  ];

  // ---- e: a live notification crosses instances ------------------------------------------------------
  if (CASES.includes('e')) {
    const started = Date.now();
    const recorder = new Recorder(publicUrl);
    const checks: Check[] = [...setupChecks];
    const latencies: Record<string, number | null> = {};
    for (const [streamOn, payOn] of [
      ['b', 'a'],
      ['a', 'b'],
    ] as const) {
      const stream = openStream(
        `${publicUrl}/api/v1/Notification/stream`,
        streamPayer.token,
        pinned(streamOn),
      );
      const opened = await stream.ready;
      await stream.next((event) => event.event === 'unread', 10_000).catch(() => null);
      const paidAt = Date.now();
      await pay(recorder, streamPayer, (cents += 1), today, pinned(payOn));
      const heard = await stream.next((event) => event.event === 'notification', 10_000).catch(() => null);
      latencies[`paid on ${payOn}, heard on ${streamOn}`] = heard ? Date.now() - paidAt : null;
      checks.push({
        name: `a notification raised on ${payOn} reaches a stream on ${streamOn}`,
        ok: opened === 200 && heard !== null,
        detail: heard
          ? `${String(Date.now() - paidAt)} ms after the payment was sent`
          : `stream ${String(opened)}, nothing heard in 10 s`,
      });
      stream.close();
    }
    // A member's browser: signed in through the proxy with every request pinned to b, so its page's stream
    // is on b; a payment through a raises the notification, and the page shows it in its live notice.
    {
      const browserStarted = Date.now();
      let browser: MemberBrowser | null = null;
      try {
        browser = await memberBrowser({
          publicUrl,
          pinTo: 'b',
          username: streamPayer.username,
          password: PASSWORD,
          timeoutMs: 20_000,
        });
        const signedInMs = Date.now() - browserStarted;
        const stream = await browser.streamOpened;
        checks.push({
          name: "the browser's live notification stream is open on b",
          ok: stream.status === 200 && stream.servedBy === 'b',
          detail: `${String(stream.status)} from ${String(stream.servedBy)}; signed in through the proxy in ${String(signedInMs)} ms`,
        });
        // The stream sends the unread count as it opens, and the page asks for it again: then it listens.
        await browser.page
          .waitForResponse((response) => response.url().includes('/api/v1/Notification/unread-count'), {
            timeout: 5_000,
          })
          .catch(() => null);
        const paymentCents = (cents += 1);
        const paidAt = Date.now();
        const paid = await pay(recorder, streamPayer, paymentCents, today, pinned('a'));
        const dollars = (paymentCents / 100).toFixed(2).replace('.', '\\.');
        const shown = await browser.notice(new RegExp(`^${NOTICE_PREFIX}.*\\$${dollars}\\b`), 15_000).then(
          (text) => ({ text, ms: Date.now() - paidAt }),
          (error: unknown) => ({ text: String(error), ms: null }),
        );
        latencies['paid on a, shown in a browser on b'] = shown.ms;
        checks.push({
          name: 'a notification raised on a (a payment) shows in the live notice of a browser on b',
          ok: paid.transactionId !== null && shown.ms !== null,
          detail:
            shown.ms !== null
              ? `"${shown.text}" ${String(shown.ms)} ms after the payment was sent`
              : `payment ${paid.transactionId ?? `not acknowledged (${String(paid.refusedWith)})`}; ${shown.text}`,
        });
      } catch (error) {
        checks.push({
          name: 'a notification raised on a (a payment) shows in the live notice of a browser on b',
          ok: false,
          detail: String(error).slice(0, 500),
        });
      } finally {
        await browser?.close().catch(() => undefined);
      }
    }
    results.push(
      await summarise(
        'e',
        'a live notification raised on one instance reaches an event stream and a browser on the other',
        started,
        recorder,
        checks,
        { latencyMs: latencies },
      ),
    );
  }

  // ---- a: SIGKILL one instance under load ------------------------------------------------------------
  if (CASES.includes('a')) {
    const started = Date.now();
    const recorder = new Recorder(publicUrl);
    const running = startLoad(recorder, loadOptions(loadPayers));
    await sleep(2_500);
    const inFlight = recorder.inFlight;
    const killedAt = Date.now();
    b.signal('SIGKILL');
    // Gone: the process has exited (its sockets closed). A request that reached it before then was in flight.
    await b.exited;
    const goneAt = Date.now();
    const downAfterMs = await proxy.waitFor('b', 'DOWN', 10_000).catch(() => null);
    await sleep(3_000);
    await running.stop();
    const failed = failedOf(recorder.answers);
    const checks: Check[] = [
      // In flight: being answered by the killed instance, or sent to it before its process was gone (its
      // sockets still open). HAProxy closes most of those connections without an answer and the client
      // sends the request again; the rest fail. Nothing sent after the instance was gone may fail.
      {
        name: 'only requests in flight at the kill failed',
        ok: failed.every((answer) => answer.startedAt <= goneAt),
        detail: `${String(failed.length)} failed, ${String(failed.filter((answer) => answer.startedAt > goneAt).length)} of them sent after the instance was gone (${String(goneAt - killedAt)} ms after the kill); ${String(recorder.resentAfterClose)} sent again by the client; ${String(inFlight)} in flight at the kill`,
      },
      { name: 'a stays up', ok: a.running },
    ];
    const failures = failed.map((answer) => ({
      kind: answer.kind,
      status: answer.status,
      sentMs: answer.startedAt - killedAt,
      answeredMs: answer.at - killedAt,
      ...(answer.error ? { error: answer.error.slice(0, 80) } : {}),
    }));
    const restartMs = await b.start();
    await proxy.waitFor('b', 'UP');
    results.push(
      await summarise('a', 'SIGKILL one instance under load', started, recorder, checks, {
        inFlightAtKill: inFlight,
        goneAfterMs: goneAt - killedAt,
        failures,
        haproxyMarkedDownMs: downAfterMs,
        restartMs,
      }),
    );
  }

  // ---- b: SIGTERM one instance under load ------------------------------------------------------------
  if (CASES.includes('b')) {
    await bothUp();
    const started = Date.now();
    const recorder = new Recorder(publicUrl);
    const running = startLoad(recorder, loadOptions(loadPayers));
    await sleep(2_000);
    const stoppedAt = Date.now();
    b.signal('SIGTERM');
    const downAfterMs = await proxy.waitFor('b', 'DOWN', 10_000).catch(() => null);
    const exit = await b.exited;
    const stopMs = Date.now() - stoppedAt;
    await sleep(1_000);
    await running.stop();
    const checks: Check[] = [
      {
        name: '0 failed requests',
        ok: failedOf(recorder.answers).length === 0,
        detail: String(failedOf(recorder.answers).length),
      },
      {
        name: 'HAProxy took the instance out before it stopped accepting',
        ok: downAfterMs !== null && downAfterMs < DRAIN_MS,
        detail: `${String(downAfterMs)} ms (drain ${String(DRAIN_MS)} ms)`,
      },
      { name: 'the instance exited 0', ok: exit === 0, detail: String(exit) },
    ];
    const restartMs = await b.start();
    await proxy.waitFor('b', 'UP');
    results.push(
      await summarise('b', 'SIGTERM one instance under load (drain)', started, recorder, checks, {
        haproxyMarkedDownMs: downAfterMs,
        exitedAfterMs: stopMs,
        restartMs,
      }),
    );
  }

  // ---- c: PostgreSQL stopped under load --------------------------------------------------------------
  if (CASES.includes('c')) {
    await bothUp();
    const started = Date.now();
    const recorder = new Recorder(publicUrl);
    const running = startLoad(recorder, loadOptions(loadPayers));
    await sleep(2_000);
    const downAt = Date.now();
    await pgServer.stop('fast');
    // Meanwhile a member opening a page gets the app (whose API calls say "try again in a moment").
    await sleep(2_000);
    const page = await recorder.request('html', '/account-overview', {
      headers: { accept: 'text/html', 'accept-language': 'es' },
    });
    await sleep(4_000);
    await pgServer.start();
    const upAt = Date.now();
    let recoveredMs: number | null = null;
    while (Date.now() - upAt < 20_000) {
      const recent = recorder.answers.filter(
        (answer) => answer.at > upAt && answer.startedAt > Date.now() - 1_000,
      );
      if (recent.length >= 10 && recent.every((answer) => answer.status > 0 && answer.status < 500)) {
        recoveredMs = Date.now() - upAt;
        break;
      }
      await sleep(100);
    }
    await sleep(1_000);
    await running.stop();
    const during = recorder.answers.filter((answer) => answer.at > downAt);
    const unavailable = during.filter((answer) => answer.status >= 500 || answer.status === 0);
    const wrong = unavailable.filter(
      (answer) =>
        answer.status !== 503 ||
        answer.retryAfter === null ||
        answer.problemType !== 'urn:portal:problem:service-unavailable',
    );
    const checks: Check[] = [
      {
        name: 'the outage was noticed (503s)',
        ok: unavailable.length > 0,
        detail: String(unavailable.length),
      },
      {
        name: 'every failure was 503 problem+json with Retry-After (0 × 500)',
        ok: wrong.length === 0,
        detail: JSON.stringify(byStatus(wrong)),
      },
      {
        name: 'an HTML page during the outage is the app (200), which shows its translated "try again" page',
        ok: page.status === 200 && page.body.includes('<div id="root"'),
        detail: String(page.status),
      },
      { name: 'no process crashed', ok: a.running && b.running && runner.running },
      {
        name: 'served again within 10 s of PostgreSQL returning, without a restart',
        ok: recoveredMs !== null && recoveredMs < 10_000,
        detail: `${String(recoveredMs)} ms`,
      },
    ];
    results.push(
      await summarise('c', 'PostgreSQL stopped ~6 s under load', started, recorder, checks, {
        outageMs: upAt - downAt,
        recoveredMs,
      }),
    );
  }

  // ---- d: Redis stopped under load ---------------------------------------------------------------------
  if (CASES.includes('d')) {
    await bothUp();
    const started = Date.now();
    const recorder = new Recorder(publicUrl);
    const streams = {
      a: openStream(`${publicUrl}/api/v1/Notification/stream`, streamPayer.token, pinned('a')),
      b: openStream(`${publicUrl}/api/v1/Notification/stream`, streamPayer.token, pinned('b')),
    };
    const streamStatus = await Promise.all([streams.a.ready, streams.b.ready]);
    type Heard = Record<'a' | 'b', number | null>;
    /** On both streams, the index of the first matching event from `from` on (null: none in time). */
    const heard = async (
      match: (event: StreamEvent) => boolean,
      timeoutMs: number,
      from: Heard = { a: 0, b: 0 },
    ): Promise<Heard> => {
      const [onA, onB] = await Promise.all(
        (['a', 'b'] as const).map((on) =>
          streams[on].next(match, timeoutMs, from[on] ?? 0).then(
            ({ index }) => index,
            () => null,
          ),
        ),
      );
      return { a: onA ?? null, b: onB ?? null };
    };
    const seen = (found: Heard) => found.a !== null && found.b !== null;
    await heard((event) => event.event === 'live' && event.data.status === 'up', 10_000);
    const running = startLoad(recorder, loadOptions(loadPayers));
    await sleep(1_500);
    const downAt = Date.now();
    await redisServer.stop();
    const degraded = await heard(
      (event) => event.event === 'live' && event.data.status === 'degraded',
      10_000,
    );
    // The page polls the count meanwhile; limits count per instance (never no limit, never an error);
    // members sign in and stay signed in (sessions are in PostgreSQL).
    const polls = await Promise.all(
      ['a', 'b'].map((server) =>
        recorder.request('read', '/api/v1/Notification/unread-count', {
          headers: { authorization: `Bearer ${streamPayer.token}`, ...pinned(server) },
        }),
      ),
    );
    const limited: number[] = [];
    for (let i = 0; i < 65; i += 1) {
      const answer = await recorder.request('other', '/api/v1/Logging', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...pinned('a') },
        body: JSON.stringify({ events: [{ level: 'info', event: 'fleet-harness' }] }),
      });
      limited.push(answer.status);
    }
    let signedInDuring = false;
    try {
      const fresh = await signedIn({ ...spare, password: PASSWORD });
      signedInDuring =
        (
          await recorder.request('read', '/api/v1/session', {
            headers: { authorization: `Bearer ${fresh.token}` },
          })
        ).status === 200;
    } catch {
      signedInDuring = false;
    }
    await sleep(Math.max(0, 5_000 - (Date.now() - downAt)));
    await redisServer.start();
    const upAt = Date.now();
    const recovered = await heard((event) => event.event === 'live' && event.data.status === 'up', 15_000, {
      a: (degraded.a ?? 0) + 1,
      b: (degraded.b ?? 0) + 1,
    });
    const recoveredMs = Date.now() - upAt;
    // Every subscription is back: a notification raised on one instance reaches the stream on the other.
    const from = { a: streams.a.events.length, b: streams.b.events.length };
    await pay(recorder, streamPayer, (cents += 1), today, pinned('a'));
    const afterA = await streams.b
      .next((event) => event.event === 'notification', 10_000, from.b)
      .catch(() => null);
    await pay(recorder, streamPayer, (cents += 1), today, pinned('b'));
    const afterB = await streams.a
      .next((event) => event.event === 'notification', 10_000, from.a)
      .catch(() => null);
    await running.stop();
    for (const stream of Object.values(streams)) stream.close();
    const checks: Check[] = [
      {
        name: 'streams opened on both instances',
        ok: streamStatus.every((status) => status === 200),
        detail: streamStatus.join(', '),
      },
      {
        name: 'both streams said live: degraded (the page polls)',
        ok: seen(degraded),
        detail: JSON.stringify(degraded),
      },
      {
        name: 'the unread count answers on both instances meanwhile',
        ok: polls.every((poll) => poll.status === 200),
        detail: polls.map((poll) => poll.status).join(', '),
      },
      {
        name: 'limits fail safe: counted per instance (429 past 60 a minute), never an error',
        ok: limited.includes(429) && limited.every((status) => status === 202 || status === 429),
        detail: JSON.stringify(byStatus(limited.map((status) => ({ kind: 'other', status }) as Answer))),
      },
      { name: 'a member signs in and is served while Redis is down', ok: signedInDuring },
      {
        name: '0 × 500',
        ok: recorder.answers.every((answer) => answer.status !== 500),
        detail: String(recorder.answers.filter((answer) => answer.status === 500).length),
      },
      {
        name: 'no failed request',
        ok: failedOf(recorder.answers).length === 0,
        detail: JSON.stringify(byStatus(failedOf(recorder.answers))),
      },
      {
        name: 'both streams said live: up when Redis was back',
        ok: seen(recovered),
        detail: `${JSON.stringify(recovered)} in ${String(recoveredMs)} ms`,
      },
      {
        name: 'after it, notifications cross instances both ways',
        ok: afterA !== null && afterB !== null,
        detail: `a→b ${afterA ? 'heard' : 'not heard'}, b→a ${afterB ? 'heard' : 'not heard'}`,
      },
    ];
    results.push(
      await summarise('d', 'Redis stopped ~5 s under load', started, recorder, checks, {
        outageMs: upAt - downAt,
        streamsUpAgainMs: recoveredMs,
      }),
    );
  }

  // ---- f: two instances starting together -------------------------------------------------------------
  if (CASES.includes('f')) {
    const started = Date.now();
    const recorder = new Recorder(publicUrl);
    const checks: Check[] = [];
    const facts: Record<string, unknown> = {};
    const freshUrl = await pgServer.createDatabase('portal_fresh');
    for (const [label, url] of [
      ['fresh', freshUrl],
      ['seeded', databaseUrl],
    ] as const) {
      const ports = await Promise.all([freePort(), freePort()]);
      // Both run the job workers (the default), as in the issue: the queue's first start races too.
      const pair = ports.map(
        (port, index) =>
          new PortalProcess(
            `${label}-${String(index + 1)}`,
            port,
            env(`${label}-${String(index + 1)}`, url),
            logDir,
          ),
      );
      processes.push(...pair);
      const t0 = Date.now();
      for (const instance of pair) instance.spawn();
      const ready = await Promise.all(
        pair.map((instance) =>
          instance
            .waitReady(
              90_000,
              (readiness) =>
                readiness.jobs === 'up' && readiness.migrations === 'current' && readiness.database === 'up',
            )
            .then(
              () => Date.now() - t0,
              (error: unknown) => String(error).slice(0, 300),
            ),
        ),
      );
      facts[label] = ready;
      checks.push({
        name: `two instances starting together on a ${label} database are both ready (database, migrations, job queue up)`,
        ok: ready.every((value) => typeof value === 'number'),
        detail: ready.map((value) => (typeof value === 'number' ? `${String(value)} ms` : value)).join('; '),
      });
      const exits = await Promise.all(pair.map((instance) => instance.stop()));
      checks.push({
        name: `both ${label} instances stopped cleanly`,
        ok: exits.every((code) => code === 0),
        detail: exits.join(', '),
      });
    }
    results.push(
      await summarise(
        'f',
        'two instances starting together (fresh and seeded database)',
        started,
        recorder,
        checks,
        { readyAfterMs: facts },
      ),
    );
  }

  // Metrics the operator alerts on, as Prometheus would read them from each instance.
  if (results.length > 0) {
    // Both instances run after the cases (each case that stops one starts it again): one that is gone
    // without the harness stopping it is a failure, with how it ended.
    for (const instance of [a, b])
      if (!instance.running)
        throw new Error(
          `instance ${instance.name} is not running after the cases (it ended with ${String(await instance.exited)}):\n${instance.tail(10)}`,
        );
    const metricLines = await Promise.all(
      [a, b].map(async (instance) => {
        const text = await (
          await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).text();
        return text
          .split('\n')
          .filter((line) => /^portal_(outbox_|jobs_oldest|jobs_last|processor_webhooks|db_pool)/.test(line));
      }),
    );
    log(`fleet: metrics of instance a after the cases:\n  ${(metricLines[0] ?? []).join('\n  ')}`);
  }

  // Whether the payers' coverage kept running (a terminated one refuses most payments: the load weakens).
  {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ status: string }>(
      'select status from finances where policy_id = any($1)',
      [payers.map((payer) => payer.policyId)],
    );
    await client.end();
    payerCoverage = rows.map((row) => row.status);
  }

  // ---- Throughput: one instance and two behind the proxy ------------------------------------------------
  if (values.throughput) {
    await bothUp();
    throughput = await measureThroughput({
      proxy,
      a,
      b,
      runner,
      postgresPort: pgServer.port,
      readers,
      frontUrl: publicUrl,
      singleUrl: `https://127.0.0.1:${String(single)}`,
    });
  }
} catch (error) {
  console.error(error);
  runError = String(error).split('\n')[0] ?? 'error';
  exitCode = 1;
} finally {
  await cleanUp();
}

const totalSeconds = Math.round((Date.now() - runStarted) / 100) / 10;
const failedCases = results.filter((result) => !result.passed).map((result) => result.case);
const missing = CASES.filter((name) => !results.some((result) => result.case === name));
if (failedCases.length > 0 || missing.length > 0) exitCode = 1;
const summary = {
  commit,
  machine,
  loadBefore,
  loadAfter: load(),
  totalSeconds,
  payerCoverage,
  passed: results.filter((result) => result.passed).map((result) => result.case),
  failed: failedCases,
  notRun: missing,
  error: runError,
  throughput,
};
console.log(JSON.stringify(summary));
if (record && (results.length > 0 || throughput)) appendResults(results, summary);
if (exitCode === 0) fs.rmSync(work, { recursive: true, force: true });
else
  console.error(
    `fleet: FAILED (${[...failedCases, ...missing.map((name) => `${name} not run`)].join(', ') || 'error'}); logs kept in ${path.join(work, 'logs')}`,
  );
log(
  `fleet: ${String(results.length)} cases in ${String(totalSeconds)} s${exitCode === 0 ? ', all passed' : ''}`,
);
process.exit(exitCode);

// ---- Throughput ---------------------------------------------------------------------------------------------

interface Phase {
  setup: 'one instance' | 'two instances';
  run: number;
  readsPerSecond: number;
  non2xx: number;
  p50Ms: number;
  p99Ms: number;
  /** Cores used during the phase, by process. */
  cores: Record<string, number>;
}

interface ThroughputResult {
  seconds: number;
  connections: number;
  phases: Phase[];
  median: { one: number; two: number; ratio: number; ratios: number[] };
  /** CPU ms per read by part (medians of each setup's phases), and what they allow on a machine of our own. */
  cpuMsPerRead: Record<
    Phase['setup'],
    Record<'portal' | 'postgresql' | 'haproxy' | 'load generator' | 'all', number>
  >;
  projected: { cores: number; one: number; two: number; ratio: number }[];
}

async function measureThroughput(context: {
  proxy: Haproxy;
  a: PortalProcess;
  b: PortalProcess;
  runner: PortalProcess;
  postgresPort: number;
  readers: Member[];
  frontUrl: string;
  singleUrl: string;
}): Promise<ThroughputResult> {
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const runs = Number(values.runs);
  const postmaster = postmasterPid(context.postgresPort);
  const tokens = context.readers.map((member) => ({ token: member.token, policyId: member.policyId }));
  const requests = [
    {
      setupRequest: (request: Record<string, unknown>) => {
        const reader = tokens[Math.floor(Math.random() * tokens.length)] ?? tokens[0];
        return {
          ...request,
          method: 'GET',
          path: `/api/v1/Policy/${reader?.policyId ?? ''}`,
          headers: { authorization: `Bearer ${reader?.token ?? ''}` },
        };
      },
    },
  ];
  const cpu = () => ({
    'load generator (this process)': (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    haproxy: context.proxy.pid ? treeCpuMs(context.proxy.pid) : 0,
    'portal a': context.a.pid ? treeCpuMs(context.a.pid) : 0,
    'portal b': context.b.pid ? treeCpuMs(context.b.pid) : 0,
    'job runner': context.runner.pid ? treeCpuMs(context.runner.pid) : 0,
    postgresql: postmaster ? treeCpuMs(postmaster) : 0,
    'whole machine': machineBusyMs(),
  });
  const phases: Phase[] = [];
  const phase = async (setup: Phase['setup'], run: number, url: string) => {
    await autocannon({ url, connections, duration: 2, requests });
    const before = cpu();
    const started = Date.now();
    const result = await autocannon({ url, connections, duration: seconds, requests });
    const wall = Date.now() - started;
    const after = cpu();
    const cores: Record<string, number> = Object.fromEntries(
      Object.entries(after).map(([name, ms]) => [
        name,
        Math.round(((ms - before[name as keyof typeof before]) / wall) * 100) / 100,
      ]),
    );
    // What other processes took meanwhile (other sessions' work on a shared machine): the machine less ours.
    const ours = Object.entries(cores)
      .filter(([name]) => name !== 'whole machine')
      .reduce((sum, [, value]) => sum + value, 0);
    cores['everything else'] = Math.round(Math.max(0, (cores['whole machine'] ?? 0) - ours) * 100) / 100;
    const measured: Phase = {
      setup,
      run,
      readsPerSecond: Math.round(result['2xx'] / result.duration),
      non2xx: result.non2xx,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      cores,
    };
    phases.push(measured);
    log(
      `throughput: run ${String(run)}, ${setup}: ${String(measured.readsPerSecond)} reads/s, p50 ${String(measured.p50Ms)} ms, p99 ${String(measured.p99Ms)} ms, non-2xx ${String(measured.non2xx)}, cores ${JSON.stringify(cores)}`,
    );
  };
  for (let run = 1; run <= runs; run += 1) {
    await phase('one instance', run, context.singleUrl);
    await phase('two instances', run, context.frontUrl);
  }
  const median = (numbers: number[]) => {
    const sorted = [...numbers].sort((x, y) => x - y);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  };
  const one = phases.filter((p) => p.setup === 'one instance').map((p) => p.readsPerSecond);
  const two = phases.filter((p) => p.setup === 'two instances').map((p) => p.readsPerSecond);
  const ratios = one.map((value, index) => Math.round(((two[index] ?? 0) / value) * 100) / 100);
  // What a read costs, whatever share of the machine the run got: CPU ms per read of each part, per setup
  // (two instances cost a little more per read: two pools, two caches, two processes to schedule).
  const round2 = (value: number) => Math.round(value * 100) / 100;
  const costsOf = (setup: Phase['setup']) => {
    const mine = phases.filter((p) => p.setup === setup);
    const perRead = (names: string[]) =>
      median(
        mine.map(
          (p) =>
            (names.reduce((sum, name) => sum + (p.cores[name] ?? 0), 0) * 1000) /
            Math.max(1, p.readsPerSecond),
        ),
      );
    return {
      portal: perRead(['portal a', 'portal b']),
      postgresql: perRead(['postgresql']),
      haproxy: perRead(['haproxy']),
      'load generator': perRead(['load generator (this process)']),
      all: perRead([
        'portal a',
        'portal b',
        'postgresql',
        'haproxy',
        'load generator (this process)',
        'job runner',
      ]),
    };
  };
  const costs = { 'one instance': costsOf('one instance'), 'two instances': costsOf('two instances') };
  // On a machine of our own with `cores` cores, everything on it as here: a Node process uses one core at
  // most, and all parts together at most every core.
  const projected = [2, 4].map((cores) => {
    const capacity = (instances: number, cost: (typeof costs)['one instance']) =>
      Math.round(Math.min((instances * 1000) / cost.portal, (cores * 1000) / cost.all));
    const oneCapacity = capacity(1, costs['one instance']);
    const twoCapacity = capacity(2, costs['two instances']);
    return { cores, one: oneCapacity, two: twoCapacity, ratio: round2(twoCapacity / oneCapacity) };
  });
  return {
    seconds,
    connections,
    phases,
    median: { one: median(one), two: median(two), ratio: round2(median(two) / median(one)), ratios },
    cpuMsPerRead: Object.fromEntries(
      Object.entries(costs).map(([setup, parts]) => [
        setup,
        Object.fromEntries(Object.entries(parts).map(([name, value]) => [name, round2(value)])),
      ]),
    ) as ThroughputResult['cpuMsPerRead'],
    projected,
  };
}

// ---- bench/RESULTS.md ------------------------------------------------------------------------------------------

function appendResults(
  cases: CaseResult[],
  summary: {
    commit: string;
    machine: string;
    loadBefore: string;
    loadAfter: string;
    totalSeconds: number;
    error: string | null;
    throughput: ThroughputResult | null;
  },
): void {
  const command = `npm run fleet${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const lines = [
    '',
    `## Fleet harness (issue 40), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `\`${command}\`; commit ${summary.commit}; ${summary.machine}; load average ${summary.loadBefore} before, ${summary.loadAfter} after; ${String(summary.totalSeconds)} s in all.${summary.error ? ` **The run failed outside the cases' checks:** ${summary.error}` : ''}`,
  ];
  if (cases.length > 0) {
    lines.push('', ...caseTable(cases));
    const times = caseTimes(cases);
    if (times.length > 0) lines.push('', ...times);
  }
  const t = summary.throughput;
  if (t) {
    lines.push(
      '',
      `Throughput: GET /api/v1/Policy/{id} as members through HAProxy (TLS), autocannon in the harness, ${String(t.connections)} connections, ${String(t.seconds)} s per phase after a 2 s warm-up; one instance (a second front door to instance a alone) then two, per run.`,
      '',
      '| run | setup | reads/s | p50 ms | p99 ms | non-2xx | cores: load generator | HAProxy | portal a | portal b | PostgreSQL | job runner | everything else | whole machine |',
      '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...t.phases.map((p) => {
        const c = (name: string) => (p.cores[name] ?? 0).toFixed(2);
        return `| ${String(p.run)} | ${p.setup} | ${String(p.readsPerSecond)} | ${String(p.p50Ms)} | ${String(p.p99Ms)} | ${String(p.non2xx)} | ${c('load generator (this process)')} | ${c('haproxy')} | ${c('portal a')} | ${c('portal b')} | ${c('postgresql')} | ${c('job runner')} | ${c('everything else')} | ${c('whole machine')} |`;
      }),
      '',
      `Medians: one instance ${String(t.median.one)} reads/s, two ${String(t.median.two)} reads/s, ratio ${t.median.ratio.toFixed(2)} (per run: ${t.median.ratios.map((ratio) => ratio.toFixed(2)).join(', ')}). CPU ms per read (medians), ${Object.entries(
        t.cpuMsPerRead,
      )
        .map(
          ([setup, c]) =>
            `${setup}: portal ${String(c.portal)}, PostgreSQL ${String(c.postgresql)}, HAProxy ${String(c.haproxy)}, load generator ${String(c['load generator'])}, all ${String(c.all)}`,
        )
        .join(
          '; ',
        )}. On a machine of its own, everything on it as here (a Node process at most one core, all parts together at most every core): ${t.projected.map((p) => `${String(p.cores)} cores: one instance ${String(p.one)}, two ${String(p.two)} reads/s, ratio ${p.ratio.toFixed(2)}`).join('; ')}.`,
    );
  }
  fs.appendFileSync(path.join(repoRoot, 'bench/RESULTS.md'), `${lines.join('\n')}\n`);
}

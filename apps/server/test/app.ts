import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import type { PaymentProcessor } from '../src/processor/port';
import { loadSettings } from '../src/settings';

export interface TestAppOptions {
  database: DatabaseHandle;
  env?: Record<string, string>;
  /** Collect log lines (parsed JSON) instead of discarding them. */
  captureLogs?: boolean;
  /** The payment processor (a test sandbox's adapter); by default the settings' (unreachable in tests). */
  processor?: PaymentProcessor;
  /** Longest a live notification stream stays open (ms): short here so that `inject` sees it end. */
  liveStreamMaxMs?: number;
  /** Start the job workers (the billing day) when the app is ready, polling every half second. */
  jobs?: boolean;
  /** Retries of a failed billing day before it stays failed (default the runner's). */
  jobRetryLimit?: number;
  /** The wait before a failed start of the job queue is tried again (ms; default the runner's). */
  jobStartRetryMs?: number;
  /** Runs after the app is built and before it is ready (e.g. to register a daily step before the workers start). */
  beforeReady?: (app: FastifyInstance) => void;
}

export interface TestApp {
  app: FastifyInstance;
  logs: string[];
  /** The app's DATA_DIR (its signing keys live in keys/). */
  dataDir: string;
}

export async function buildTestApp(options: TestAppOptions): Promise<TestApp> {
  const logs: string[] = [];
  // Keys and secrets of the embedded identity providers go to a throw-away folder, never ./.data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const settings = loadSettings(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: options.captureLogs ? 'trace' : 'silent',
      DATA_DIR: dataDir,
      // No load shedding unless a test asks for it: test files keep the cores busy (PGlite runs on the event loop).
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: '0',
      LOAD_SHED_MAX_HEAP_MB: '0',
      ...options.env,
    },
    '1.6.0-test',
  );
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const app = await buildApp({
    settings,
    database: options.database,
    logStream: stream,
    outboxIntervalMs: 0,
    liveStreamMaxMs: options.liveStreamMaxMs ?? 300,
    ...(options.processor ? { processor: options.processor } : {}),
    ...(options.jobs ? { jobs: true, jobPollingIntervalSeconds: 0.5 } : {}),
    ...(options.jobRetryLimit === undefined ? {} : { jobRetryLimit: options.jobRetryLimit }),
    ...(options.jobStartRetryMs === undefined ? {} : { jobStartRetryMs: options.jobStartRetryMs }),
  });
  options.beforeReady?.(app);
  app.addHook('onClose', () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  return { app, logs, dataDir };
}

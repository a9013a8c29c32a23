import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Made once by the runner; its workers inherit the environment and reuse the same folders and ports. */
function once(name: string, make: () => string): string {
  process.env[name] ??= make();
  return process.env[name];
}

/**
 * Ports the operating system says are free now (a developer's own server or a leftover from a killed run
 * on 3100 does not break the journeys). Found by a short child process because the configuration is
 * read synchronously.
 */
function freePorts(count: number): number[] {
  const script = `const net=require('node:net');const servers=[];let left=${count};for(let i=0;i<${count};i++){const s=net.createServer();servers.push(s);s.listen(0,'127.0.0.1',()=>{if(--left===0){console.log(servers.map((x)=>x.address().port).join(' '));servers.forEach((x)=>x.close());}});}`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ').map(Number);
}

// E2E_PORT pins the portal's port (the idle server takes the next); otherwise four free ports.
const [port = 0, idlePort = 0, processorPort = 0, idleProcessorPort = 0] = once('E2E_PORTS', () =>
  process.env.E2E_PORT
    ? [0, 1, 50, 51].map((offset) => Number(process.env.E2E_PORT) + offset).join(' ')
    : freePorts(4).join(' '),
)
  .split(' ')
  .map(Number);

// A fresh embedded database for every run, so journeys start from the same demo data.
const dataDir = once('E2E_DATA_DIR', () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-')));
const idleDataDir = once('E2E_IDLE_DATA_DIR', () =>
  fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-idle-')),
);
/** Each server's log lines (the secrets scan reads them after the journeys: e2e/secrets-scan.teardown.ts). */
const LOG_DIR = once('E2E_LOG_DIR', () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-logs-')));

/**
 * The idle journeys need a short idle period: a copy of config/ whose account.json waits 6 s and
 * counts down 5 s (SPEC §9 values come from configuration), served by a second server.
 */
export const IDLE_SECONDS = 6;
export const IDLE_COUNTDOWN_SECONDS = 5;
const idleConfigDir = once('E2E_IDLE_CONFIG_DIR', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-config-'));
  fs.cpSync(path.join(repoRoot, 'config'), dir, { recursive: true });
  const file = path.join(dir, 'account.json');
  const account = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  account.session = {
    ...(account.session as object),
    idleTimeSeconds: IDLE_SECONDS,
    idleTimeoutSeconds: IDLE_COUNTDOWN_SECONDS,
  };
  fs.writeFileSync(file, JSON.stringify(account, null, 2));
  return dir;
});

/**
 * Debian's Chromium: its headless shell when installed (scripts/ensure-chromium.mjs installs it; the same
 * build without the full browser's GPU process and extensions, and what Playwright itself runs headless),
 * else the full browser in headless mode (docs/decisions/020).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const chromiumLaunchOptions = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

const server = (serverPort: number, env: Record<string, string>) => ({
  // Log lines go to a file, which the secrets scan reads after the journeys.
  command: `node --enable-source-maps apps/server/dist/server.js >> "${path.join(LOG_DIR, `server-${serverPort}.log`)}"`,
  cwd: repoRoot,
  url: `http://127.0.0.1:${serverPort}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // PUBLIC_URL: the issuers, redirect URIs and SAML audience must name the address the browser uses.
  // PROCESSOR_SETTLE_DELAY_MS: a bank payment settles (webhook) 12 s after it is made: long enough for a
  // journey on a busy machine to see it pending, short enough to wait for.
  env: {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    PROCESSOR_SETTLE_DELAY_MS: '12000',
    // The journeys check what a server-rendered page is and does (decision 058), on a machine that runs two
    // browsers beside the server: its renders get more time than production's 1 s (bench/ measures speed).
    WEB_RENDER_BUDGET_MS: '5000',
    // No load shedding: two servers, two browsers and the test runner share a 2-core CI machine, whose
    // event loop lag says nothing about the portal (shedding has its own tests: observability.int.test.ts).
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: '0',
    ...env,
  },
});

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  // Two workers, two servers and two browsers share a 2-core machine: a journey can wait its turn. On a
  // slow machine (decision 020: a CPU-bound loop four times slower than the quiet one's) the longer
  // journeys took 66-90 s, and one went past 90 s while every step was still making progress.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    // No trace by default: recording one films the page (a screencast of JPEG frames) from the first step
    // of every journey, and on two cores that doubled the journeys' CPU (decision 020). A failure keeps a
    // screenshot and Playwright's page snapshot; E2E_TRACE=on records the full trace again to look into one.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'portal',
      testIgnore: '**/idle.spec.ts',
      use: { baseURL: `http://127.0.0.1:${port}` },
      teardown: 'secrets scan',
    },
    {
      name: 'idle',
      testMatch: '**/idle.spec.ts',
      use: { baseURL: `http://127.0.0.1:${idlePort}` },
      teardown: 'secrets scan',
    },
    // After every journey: no card number, CVC or bank account number typed anywhere reached a database or a log.
    { name: 'secrets scan', testMatch: '**/secrets-scan.teardown.ts' },
  ],
  outputDir: path.join(repoRoot, 'test-results'),
  webServer: [
    // Every journey that changes things takes a generated member of its own (POST /api/v1/demo/member):
    // more households than the 50 of a plain first start, so that the suite never runs out of them. Some
    // kinds are rare on some days: around a due date only about 8 % of the active medical policies owe
    // something (44 of 533 on a 1 December), and about 16 journeys ask for one that does.
    server(port, { DATA_DIR: dataDir, PROCESSOR_PORT: String(processorPort), DEMO_HOUSEHOLDS: '800' }),
    server(idlePort, {
      DATA_DIR: idleDataDir,
      CONFIG_DIR: idleConfigDir,
      PROCESSOR_PORT: String(idleProcessorPort),
    }),
  ],
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const idlePort = port + 1;

/** Made once by the runner; its workers inherit the environment and reuse the same folders. */
function once(name: string, make: () => string): string {
  process.env[name] ??= make();
  return process.env[name];
}

// A fresh embedded database for every run, so journeys start from the same demo data.
const dataDir = once('E2E_DATA_DIR', () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-')));
const idleDataDir = once('E2E_IDLE_DATA_DIR', () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-idle-')));

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
  account.session = { ...(account.session as object), idleTimeSeconds: IDLE_SECONDS, idleTimeoutSeconds: IDLE_COUNTDOWN_SECONDS };
  fs.writeFileSync(file, JSON.stringify(account, null, 2));
  return dir;
});

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  command: 'node --enable-source-maps apps/server/dist/server.js',
  cwd: repoRoot,
  url: `http://127.0.0.1:${serverPort}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // PUBLIC_URL: the issuers, redirect URIs and SAML audience must name the address the browser uses.
  env: { PORT: String(serverPort), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${serverPort}`, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
});

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'portal', testIgnore: '**/idle.spec.ts', use: { baseURL: `http://127.0.0.1:${port}` } },
    { name: 'idle', testMatch: '**/idle.spec.ts', use: { baseURL: `http://127.0.0.1:${idlePort}` } },
  ],
  outputDir: path.join(repoRoot, 'test-results'),
  webServer: [server(port, { DATA_DIR: dataDir }), server(idlePort, { DATA_DIR: idleDataDir, CONFIG_DIR: idleConfigDir })],
});

// Starts the built portal server for a benchmark: a free port, a fresh DATA_DIR (the embedded database
// with the demo data, which needs demo mode, so not NODE_ENV=production), as `npm start` runs it.
// Stopped when the process exits.
import { BENCH_CLIENT_SECRET } from './sign-in.mjs';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A port the operating system says is free now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The built server on a free port with a fresh data folder; resolves once /api/health answers. `root` is
 * the checkout whose build runs (this one unless said: bench/route-sweep.mjs runs another one's beside it).
 */
export async function startPortalServer({ env = {}, root = repoRoot } = {}) {
  if (
    !fs.existsSync(path.join(root, 'apps/server/dist/server.js')) ||
    !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))
  ) {
    throw new Error(`Build first: npm run build (in ${root})`);
  }
  const port = await freePort();
  const processorPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      PROCESSOR_PORT: String(processorPort),
      LOG_LEVEL: 'warn',
      OIDC_CLIENT_SECRET: BENCH_CLIENT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', () => {
    stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  for (let attempt = 0; ; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 240) throw new Error('the server did not start within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { baseUrl, stop };
}

/** README "Demo accounts". */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Lighthouse-Demo-2026';

/**
 * Signs a member in the way a person does (e2e/support/portal.ts signIn): /home, "sign in as a member",
 * the built-in consumer identity provider's form, back on /account-overview. `page` is a Playwright page
 * or anything with the same few methods.
 */
export async function signInMember(page, baseUrl, username = 'maria.santos', language = 'en') {
  await page.goto(`${baseUrl}/home`);
  await page.locator('main button').first().waitFor();
  await page.getByRole('button', { name: memberAction(language) }).click();
  await page.waitForURL(/\/idp\/consumer\/interaction\//);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/account-overview$/);
}

/**
 * The web app's words for `key` (`home.member.action`) in `language`, from a checkout's language files (this
 * one unless said: bench/route-sweep.mjs reads another's, whose words may differ).
 */
export function webText(key, { language = 'en', root = repoRoot } = {}) {
  const folder = path.join(root, `apps/web/src/i18n/locales/${language}`);
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    let node = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
    for (const part of key.split('.')) node = node?.[part];
    if (typeof node === 'string') return node;
  }
  throw new Error(`no ${key} in the ${language} texts of ${root}`);
}

/**
 * The label of the member sign-in button on /home (home.member.action) in `language`: the page shows it
 * in the language the visitor stored (first-load.mjs --language).
 */
export function memberAction(language = 'en') {
  return webText('home.member.action', { language });
}

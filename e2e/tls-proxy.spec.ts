import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, text } from './support/portal';

/**
 * Issue 14, finding 3: how every production deployment runs — TLS ends at a proxy in front of the
 * portal, whose PUBLIC_URL is https and whose TRUST_PROXY names that proxy. A member signs in through
 * it in Chromium. The proxy is a few lines of Node with a certificate made for this run.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');

let workDir = '';
let proxy: https.Server | null = null;
let server: ChildProcess | null = null;
let publicUrl = '';
let serverOutput = '';

/** A self-signed certificate for 127.0.0.1, made with openssl for this run only. */
function makeCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = path.join(dir, 'proxy.key.pem');
  const cert = path.join(dir, 'proxy.cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

/** Terminates TLS and forwards to the portal over plain HTTP, saying so in X-Forwarded-*, as load balancers do. */
function startProxy(tls: { key: Buffer; cert: Buffer }, upstream: () => number): Promise<https.Server> {
  const tlsServer = https.createServer(tls, (request, response) => {
    const forwarded = http.request(
      {
        host: '127.0.0.1',
        port: upstream(),
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': request.headers.host ?? '',
          'x-forwarded-for': request.socket.remoteAddress ?? '',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      response.writeHead(502).end();
    });
    request.pipe(forwarded);
  });
  return new Promise((resolve) => {
    tlsServer.listen(0, '127.0.0.1', () => {
      resolve(tlsServer);
    });
  });
}

/** The built server (npm run test:e2e builds it) on a free port, behind the proxy. */
function startPortal(env: Record<string, string>): Promise<number> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  const collect = (chunk: Buffer) => {
    serverOutput += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve, reject) => {
    const onData = () => {
      const port = /running: http:\/\/localhost:(\d+)\//.exec(serverOutput)?.[1];
      if (port) resolve(Number(port));
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      reject(new Error(`the portal exited (${String(code)}) before it started:\n${serverOutput}`));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-tls-'));
  let portalPort = 0;
  proxy = await startProxy(makeCertificate(workDir), () => portalPort);
  publicUrl = `https://127.0.0.1:${String((proxy.address() as AddressInfo).port)}`;
  portalPort = await startPortal({
    DATA_DIR: path.join(workDir, 'data'),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '127.0.0.1',
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => {
      server?.once('exit', resolve);
    });
    server.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => {
    if (proxy) proxy.close(resolve);
    else resolve(undefined);
  });
  fs.rmSync(workDir, { recursive: true, force: true });
});

test('a member signs in through a TLS-terminating proxy to an https PUBLIC_URL (issue 14, finding 3)', async ({
  browser,
}) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: publicUrl });
  // English chosen in this browser: María's own preference (Spanish, issue 11) applies only without one.
  await context.addInitScript(() => {
    localStorage.setItem('language', 'en');
  });
  const page = await context.newPage();
  await page.goto('/home');
  await page.getByRole('button', { name: text('home.member.action') }).click();
  await expect(page).toHaveURL(new RegExp(`^${publicUrl}/idp/consumer/interaction/`));
  await page.locator('#username').fill('maria.santos');
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(`${publicUrl}/account-overview`);
  await expect(page.getByText('Hello, María Santos')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Lighthouse Harbor Silver/ })).toBeVisible();
  // The provider's cookies are Secure, as an https origin needs them.
  const providerCookies = (await context.cookies(publicUrl)).filter((cookie) =>
    cookie.name.startsWith('_consumer'),
  );
  expect(providerCookies.length).toBeGreaterThan(0);
  for (const cookie of providerCookies) expect(cookie.secure).toBe(true);
  expect(serverOutput).not.toMatch(/Cannot send secure cookie|provider server error/);
  await context.close();
});

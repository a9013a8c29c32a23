import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { repoRoot } from '../src/settings';
import { createAccount, createMemberWithPolicy, PASSWORD } from './fixtures';
import { useTestApp } from './harness';
import { browserSignIn, HOST, type CookieJar } from './oidc';

/**
 * Issue 35, docs/decisions/058: the overview, make-payment and the guest's locate-account page are rendered
 * on the server by the web build's renderer, from the portal's own routes called in process with the
 * visitor's cookie (so their access checks and read audit rows are the browser's). The renderer is built
 * here into a folder of the test's own, beside a stand-in index.html, as `npm run build` puts it beside
 * the web app.
 */
const INDEX =
  '<!doctype html><html lang="en"><head><title>Member portal</title></head><body><div id="root"></div></body></html>';

function buildRenderer(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ssr-'));
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), INDEX);
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(dir, 'dist-ssr'),
      '--logLevel',
      'error',
    ],
    { cwd: path.join(repoRoot, 'apps/web'), stdio: 'pipe' },
  );
  return path.join(dir, 'dist');
}

const webDist = buildRenderer();

describe('first pages rendered on the server', () => {
  const harness = useTestApp({
    sandbox: true,
    captureLogs: true,
    env: { WEB_DIST_DIR: webDist, WEB_RENDER_BUDGET_MS: '10000' },
  });

  async function signedInMember() {
    const member = await createMemberWithPolicy(harness.db);
    const account = await createAccount(harness.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: member.memberId,
    });
    const { jar } = await browserSignIn(harness.app, 'consumer', account.username, PASSWORD);
    return { ...member, account, jar };
  }

  const page = (url: string, jar?: CookieJar) =>
    harness.app.inject({
      method: 'GET',
      url,
      headers: {
        host: HOST,
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile',
        ...(jar ? { cookie: jar.header() } : {}),
      },
    });

  /** What the server logged about pages it could not render (a failing test says why). */
  const renderFailures = () => harness.logs.filter((line) => line.includes('first page'));

  const lastAuditId = async () =>
    (await harness.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;

  it('renders the overview and make-payment of a signed-in member with their data, auditing the reads', async () => {
    const member = await signedInMember();
    const before = await lastAuditId();

    const overview = await page('/account-overview', member.jar);
    expect(overview.statusCode).toBe(200);
    expect(overview.headers['content-type']).toMatch(/^text\/html/);
    expect(overview.headers['cache-control']).toBe('no-store');
    expect(overview.body).toMatch(/<h1[^>]*>Account overview<\/h1>/);
    expect(overview.body).toContain(member.policyNumber);
    expect(overview.body).toContain('<script type="application/json" id="portal-server-state">');
    // The document's head is index.html's; the page follows in its root element.
    expect(
      overview.body.startsWith('<!doctype html><html lang="en"><head><title>Member portal</title>'),
    ).toBe(true);

    // The reads the page made were audited as the browser's would be: this member, these routes.
    const rows = await harness.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, before), eq(auditLog.actorSubject, member.account.id)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.outcome === 'success')).toBe(true);
    expect(rows.map((row) => row.route)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Household/i)]),
    );

    const payment = await page('/payments/make-payment', member.jar);
    expect(payment.statusCode).toBe(200);
    expect(payment.body, renderFailures().join('\n')).toMatch(/<h1[^>]*>Make a payment<\/h1>/);
    expect(payment.body).toContain('Amount');
  });

  it('gives a second household its own data, never the first one’s', async () => {
    const first = await signedInMember();
    const second = await signedInMember();
    const firstPage = (await page('/account-overview', first.jar)).body;
    const secondPage = (await page('/account-overview', second.jar)).body;
    expect(firstPage).toContain(first.policyNumber);
    expect(secondPage).toContain(second.policyNumber);
    expect(secondPage).not.toContain(first.policyNumber);
    expect(secondPage).not.toContain(first.householdId);
    expect(firstPage).not.toContain(second.policyNumber);
  });

  it('answers index.html for the signed-in pages without a session, and renders locate-account for a guest', async () => {
    for (const url of ['/account-overview', '/payments/make-payment']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
    const stale = await harness.app.inject({
      method: 'GET',
      url: '/account-overview',
      headers: { host: HOST, cookie: 'portal-session=not-a-live-session' },
    });
    expect(stale.body).toBe(INDEX);

    const locate = await page('/payments/locate-account');
    expect(locate.statusCode).toBe(200);
    expect(locate.body).toMatch(/<h1[^>]*>Pay without signing in<\/h1>/);
    expect(locate.body).toContain('id="portal-server-state"');
  });

  it('renders in the language the browser stored (its cookie mirror)', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/payments/locate-account',
      headers: { host: HOST, cookie: 'portal-language=es' },
    });
    expect(response.body).toContain('<div id="root" lang="es" inert>');
    expect(response.body).not.toMatch(/<h1[^>]*>Pay without signing in<\/h1>/);
  });
});

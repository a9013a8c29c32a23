// A member's browser for the fleet harness (issue 40, case e): Debian's Chromium driven by Playwright, as
// the end-to-end journeys run it (e2e/playwright.config.ts), signed in through the proxy with the built-in
// identity provider, every request of the page pinned to one instance (the harness's X-Fleet-Server
// header, which HAProxy's `use-server` follows) — so the page's live notification stream is on that
// instance, and what it shows came through it.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { repoRoot } from '../../apps/server/src/settings';

/** Debian's Chromium: its headless shell when installed, else the full browser headless (as the journeys). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The web app's English words (apps/web/src/i18n/locales/en), to find things by what a member reads. */
function english(file: string, key: string): string {
  const json = JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'apps/web/src/i18n/locales/en', file), 'utf8'),
  ) as Record<string, unknown>;
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], json);
  if (typeof value !== 'string') throw new Error(`no English text ${key} in ${file}`);
  return value;
}

/** "New notification: {{message}}" — the live notice's words before the notification's own. */
export const NOTICE_PREFIX = english('notifications.json', 'notifications.newArrived').split('{{')[0] ?? '';

export interface MemberBrowser {
  page: Page;
  /** The instance every request of the page went to, as the proxy was asked (the pin). */
  pinnedTo: string;
  /** Resolves once the page's live notification stream has answered: its status, and the instance that did. */
  streamOpened: Promise<{ status: number; servedBy: string | null }>;
  /** The live notice's text once it shows `expected`; rejects after `timeoutMs` with what it showed. */
  notice: (expected: RegExp, timeoutMs: number) => Promise<string>;
  close: () => Promise<void>;
}

/**
 * Opens a browser, signs the member in through the proxy at `publicUrl` (the home page's member sign-in,
 * the identity provider's form) with every request pinned to instance `pinTo`, and waits for the account
 * overview. Each step is bounded by `timeoutMs`.
 */
export async function memberBrowser(options: {
  publicUrl: string;
  pinTo: string;
  username: string;
  password: string;
  timeoutMs: number;
}): Promise<MemberBrowser> {
  const browser: Browser = await chromium.launch({
    executablePath,
    timeout: options.timeoutMs,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    // The proxy's certificate is the harness's own, made for this run (scripts/fleet.mjs): as in
    // e2e/tls-proxy.spec.ts, the browser is told to accept it.
    const context = await browser.newContext({
      baseURL: options.publicUrl,
      ignoreHTTPSErrors: true,
      locale: 'en-US',
      extraHTTPHeaders: { 'x-fleet-server': options.pinTo },
    });
    context.setDefaultTimeout(options.timeoutMs);
    await context.addInitScript(() => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
    });
    const page = await context.newPage();
    const streamOpened = page
      .waitForResponse((response) => response.url().includes('/api/v1/Notification/stream'), {
        timeout: options.timeoutMs * 2,
      })
      .then(async (response) => ({
        status: response.status(),
        servedBy: (await response.allHeaders())['x-fleet-served-by'] ?? null,
      }));
    // Not left unhandled when the caller never waits for it (a failed sign-in).
    streamOpened.catch(() => undefined);
    await page.goto('/home');
    await page.getByRole('button', { name: english('home.json', 'home.member.action') }).click();
    await page.waitForURL(/\/idp\/consumer\/interaction\//);
    await page.locator('#username').fill(options.username);
    await page.locator('#password').fill(options.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/account-overview$/);
    const region = page.getByTestId('live-notice').getByRole('status');
    return {
      page,
      pinnedTo: options.pinTo,
      streamOpened,
      notice: async (expected, timeoutMs) => {
        try {
          await region.filter({ hasText: expected }).waitFor({ state: 'visible', timeout: timeoutMs });
        } catch {
          throw new Error(
            `the live notice did not show ${String(expected)} in ${String(timeoutMs)} ms; it showed "${await region.innerText().catch(() => '?')}"`,
          );
        }
        return region.innerText();
      },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

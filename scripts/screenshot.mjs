// Takes a screenshot of a page in Debian's Chromium:
//   node scripts/screenshot.mjs <url> <out.png> [width] [language] [--user realm:username] [--password P] [--wait selector]
// With --user the browser first signs in through the portal's own sign-in page and the built-in
// identity provider (realm consumer or workforce), then opens <url>.
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    user: { type: 'string' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Lighthouse-Demo-2026' },
    wait: { type: 'string' },
    'full-page': { type: 'boolean', default: true },
  },
});
const [url, out, width = '1280', language] = positionals;
if (!url || !out) {
  console.error(
    'usage: node scripts/screenshot.mjs <url> <out.png> [width] [language] [--user realm:username] [--wait selector]',
  );
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
if (language) {
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
}
const page = await context.newPage();
page.on('console', (message) => console.log(`[console.${message.type()}] ${message.text()}`));
page.on('pageerror', (error) => console.log(`[pageerror] ${error.message}`));

if (values.user) {
  const [realm, username] = values.user.split(':');
  const origin = new URL(url).origin;
  await page.goto(`${origin}/home`, { waitUntil: 'networkidle' });
  // The sign-in buttons are the first and third entry cards, whatever the language.
  await page
    .locator(
      realm === 'workforce'
        ? '#entry-workforce ~ * button, [aria-labelledby="entry-workforce"] button'
        : '[aria-labelledby="entry-member"] button',
    )
    .first()
    .click();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(values.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(
    (target) => !target.pathname.startsWith('/idp') && !target.pathname.startsWith('/auth'),
    { timeout: 20_000 },
  );
}
await page.goto(url, { waitUntil: 'networkidle' });
if (values.wait) await page.locator(values.wait).first().waitFor({ timeout: 15_000 });
await page.screenshot({ path: out, fullPage: values['full-page'] });
await browser.close();

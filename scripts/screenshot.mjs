// Takes a screenshot of a page in Debian's Chromium: node scripts/screenshot.mjs <url> <out.png> [width] [language]
import { chromium } from '@playwright/test';

const [url, out, width = '1280', language] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs <url> <out.png> [width] [language]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
if (language) {
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
}
const page = await context.newPage();
page.on('console', (message) => console.log(`[console.${message.type()}] ${message.text()}`));
page.on('pageerror', (error) => console.log(`[pageerror] ${error.message}`));
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: true });
await browser.close();

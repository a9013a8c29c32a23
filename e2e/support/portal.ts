import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import {
  deepMerge,
  navigationFor,
  normalizeRoute,
  pruneNavigation,
  type NavigationConfig,
  type NavigationItem,
  type NavigationScenario,
  type RoleConfig,
} from '../../packages/domain/src/index';
import { BUILT_ROUTES } from '../../apps/web/src/app/routes';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8'));

/** README "Demo accounts": one password for every demo account. */
export const DEMO_PASSWORD = 'Lighthouse-Demo-2026';
export type Language = 'en' | 'es' | 'pt';

/** The web app's own words, to find things by what a user reads. */
/** A language's files (apps/web/src/i18n/locales/<lang>/*.json), merged as the web app merges them. */
const languageFolder = (language: Language): Record<string, unknown> => {
  const folder = path.join(repoRoot, 'apps/web/src/i18n/locales', language);
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .reduce<Record<string, unknown>>(
      (merged, file) =>
        deepMerge(merged, readJson(path.join('apps/web/src/i18n/locales', language, file)) as never),
      {},
    );
};
export const messages: Record<Language, Record<string, unknown>> = {
  en: languageFolder('en'),
  es: languageFolder('es'),
  pt: languageFolder('pt'),
};

export function text(key: string, language: Language = 'en'): string {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      messages[language],
    );
  if (typeof value !== 'string') throw new Error(`no text ${key} in ${language}`);
  return value;
}

/**
 * What the side menu must show for these roles and scenarios: the SPEC §4 rules of the domain over the
 * tenant's real configuration, limited to the pages that exist, as the English labels.
 */
export function expectedMenu(
  roles: readonly string[],
  scenarios: readonly NavigationScenario[],
  firstPlanType: string | null = null,
  onlyPcp: boolean | null = null,
): string[] {
  const navigation = deepMerge(
    readJson('config/baseline/navigation.json'),
    readJson('config/navigation.json') as never,
  ) as NavigationConfig;
  const roleConfig = deepMerge(
    readJson('config/baseline/role-config.json'),
    readJson('config/role-config.json') as never,
  ) as RoleConfig;
  const account = deepMerge(
    readJson('config/baseline/account.json'),
    readJson('config/account.json') as never,
  ) as {
    pcp: { selectionEnabled: boolean; planTypeWhitelist: string[] };
  };
  const built = new Set(BUILT_ROUTES.map(normalizeRoute));
  const menu = pruneNavigation(navigationFor({ roles, scenarios, navigation, roleConfig }), {
    // No demo account's menu is looked at while a binder is due (SPEC §4 prunes the entry then).
    bindingPaymentComplete: true,
    pcpSelectionEnabled: account.pcp.selectionEnabled,
    pcpPlanTypes: account.pcp.planTypeWhitelist,
    firstPolicyPlanType: firstPlanType,
    onlyPcp,
  });
  const labels = (items: readonly NavigationItem[]): string[] =>
    items.flatMap((item) => {
      const children = labels(item.children);
      const own = item.route !== null && built.has(normalizeRoute(item.route)) ? [text(item.label)] : [];
      return [...own, ...children];
    });
  return labels(menu);
}

/**
 * The journey's language as the visitor's choice, stored as the language switcher stores it (localStorage,
 * and its cookie mirror that the server renders first pages in), unless the browser has one already: a
 * member's own preferred language (issue 11) applies only when the browser has none (SPEC §4). Without the
 * cookie, a journey that loads a server-rendered page before the portal has ever started in its context (the
 * portal mirrors the stored choice as it starts) got that page in the member's preferred language.
 */
async function chooseLanguage(target: Page | BrowserContext, language: Language): Promise<void> {
  await target.addInitScript((chosen) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', chosen);
  }, language);
  const context = 'newPage' in target ? target : target.context();
  const url = test.info().project.use.baseURL;
  if (!url) return;
  const cookies = await context.cookies(url);
  if (!cookies.some((cookie) => cookie.name === 'portal-language'))
    await context.addCookies([{ name: 'portal-language', value: language, url, sameSite: 'Lax' }]);
}

/** A fresh browser context in a language (stored the way the portal stores it) and size. */
export async function newPortalPage(
  browser: Browser,
  options: { language?: Language; width?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  if (options.language) {
    await chooseLanguage(context, options.language);
  }
  return { context, page: await context.newPage() };
}

/**
 * Waits until a server-rendered first page is the portal's: the server sends its markup inert (nothing in
 * it takes focus or clicks) and the browser lifts that when it has hydrated it (apps/web/src/main.tsx).
 * Clicks wait for that on their own; key presses do not, so a keyboard walk starts after this.
 */
export async function pageAnswers(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/** Signs in through the portal's sign-in page and the built-in identity provider of the realm. */
export async function signIn(
  page: Page,
  realm: 'consumer' | 'workforce',
  username: string,
  language: Language = 'en',
): Promise<void> {
  await chooseLanguage(page, language);
  await page.goto('/home');
  const action =
    realm === 'consumer' ? text('home.member.action', language) : text('home.workforce.action', language);
  await page.getByRole('button', { name: action }).click();
  await expect(page).toHaveURL(new RegExp(`/idp/${realm}/interaction/`));
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/account-overview$/);
}

/**
 * Signs in as `signIn` does, through the server's sign-in (`/auth/login`: authorization code with PKCE at
 * the realm's built-in identity provider, the callback, the session cookie), but as HTTP requests of the
 * page's own context instead of pages the browser draws, then opens the overview. For journeys about
 * something after sign-in: drawing `/home` and the provider's form cost about half of a journey's sign-in in
 * CPU (docs/decisions/020), and 54 places make a fresh member. The journeys about signing in use `signIn`.
 */
export async function signInDirectly(
  page: Page,
  realm: 'consumer' | 'workforce',
  username: string,
  language: Language = 'en',
): Promise<void> {
  await chooseLanguage(page, language);
  const request = page.context().request;
  const started = await request.get(`/auth/login?realm=${realm}&lang=${language}`);
  // The redirects end on the provider's form, whose address names the interaction.
  const form = started.url();
  expect(form, await started.text()).toMatch(new RegExp(`/idp/${realm}/interaction/[^/]+$`));
  const done = await request.post(`${new URL(form).pathname}/login`, {
    form: { username, password: DEMO_PASSWORD },
  });
  // Through the provider, the callback (the session cookie) and on to the page the sign-in leads to.
  expect(new URL(done.url()).pathname, `sign-in as ${username}: HTTP ${String(done.status())}`).toBe(
    '/account-overview',
  );
  await page.goto('/account-overview');
}

/** Finds an account on the locate-account page as a guest (README "Demo accounts" facts). */
export async function locateAccount(
  page: Page,
  facts: { policyNumber: string; dateOfBirth: string; zipCode: string },
  language: Language = 'en',
): Promise<void> {
  await page.goto('/payments/locate-account');
  await page.getByRole('radio', { name: text('locate.policyNumber', language) }).check();
  await page.getByRole('textbox', { name: text('locate.policyNumber', language) }).fill(facts.policyNumber);
  await page.getByLabel(text('locate.dateOfBirth', language)).fill(facts.dateOfBirth);
  await page.getByRole('textbox', { name: text('locate.zipCode', language) }).fill(facts.zipCode);
  await page.getByRole('button', { name: text('locate.submit', language) }).click();
  await expect(page).toHaveURL(/\/account-overview$/);
}

/** Arrives with a SAML assertion signed by the built-in test issuer (/idp/saml-test) for one of its scenarios. */
export async function assertScenario(
  page: Page,
  scenarioTitle: RegExp,
  landing: RegExp = /\/account-overview$/,
): Promise<void> {
  await page.goto('/idp/saml-test');
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: scenarioTitle }) });
  await form.getByRole('button').click();
  await page.getByRole('button', { name: 'Continue to the portal' }).click();
  await expect(page).toHaveURL(landing);
}

/** SPEC §2: an asserted binder session starts on the binding-payment page. */
export const BINDER_LANDING = /\/payments\/binding-payment$/;

/** The SPEC §4 scenario the shell computed the page for. */
export async function scenariosShown(page: Page): Promise<string[]> {
  const main = page.locator('main[data-scenarios]');
  await expect(main).toHaveAttribute('data-scenarios', /\w/);
  return ((await main.getAttribute('data-scenarios')) ?? '').split(' ');
}

/** The labels of the side menu's entries (links), in order. */
export async function menuShown(page: Page): Promise<string[]> {
  // The shell first: before it renders, a missing menu would mean nothing.
  await scenariosShown(page);
  const menu = page.getByRole('navigation', { name: text('nav.label') });
  if ((await menu.count()) === 0) return [];
  return (await menu.getByRole('link').allInnerTexts()).map((label) => label.trim());
}

/** Signs out with the account menu (OpenID users confirm at their identity provider). */
export async function signOut(
  page: Page,
  options: { atIdentityProvider: boolean; language?: Language },
): Promise<void> {
  const language = options.language ?? 'en';
  await page.getByRole('button', { name: text('header.accountMenu', language) }).click();
  await page
    .getByRole('menuitem', {
      name: new RegExp(`${text('header.signOut', language)}|${text('header.endGuestSession', language)}`),
    })
    .click();
  if (options.atIdentityProvider) {
    await expect(page).toHaveURL(/\/idp\/(consumer|workforce)\/session\/end/);
    await page.locator('button[name="logout"]').click();
  }
  await expect(page).toHaveURL(/\/auth\/signed-out/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('account.signedOut.title', language));
}

/** Presses Tab (or Shift+Tab, `back`) until `target` has the focus (a form used by keyboard alone), at most `steps` times. */
export async function tabTo(page: Page, target: Locator, steps = 40, back = false): Promise<void> {
  for (let step = 0; step < steps; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

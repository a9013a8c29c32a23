import type { Page } from '@playwright/test';

/**
 * What the web app sends with every call to its server (docs/decisions/050): the session is the browser's
 * HttpOnly cookie, which `page.request` shares with the page; changes need the X-Portal-CSRF header.
 */
export const CSRF = { 'x-portal-csrf': '1' } as const;

/** Every token, code or ID token a script in the page could read: cookies, both storages, IndexedDB. */
export async function readableSecrets(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found: string[] = [];
    const jwt = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;
    const looksSecret = (text: string) =>
      jwt.test(text) || /access_token|refresh_token|id_token|"code"/.test(text);
    if (looksSecret(document.cookie)) found.push(`document.cookie: ${document.cookie}`);
    for (const storage of [localStorage, sessionStorage]) {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index) ?? '';
        const value = storage.getItem(key) ?? '';
        if (looksSecret(`${key}=${value}`)) found.push(`storage ${key}`);
      }
    }
    const databases = await indexedDB.databases();
    for (const database of databases) found.push(`indexedDB ${database.name ?? ''}`);
    if (/[?&#](code|id_token|access_token|session)=/.test(location.href))
      found.push(`address: ${location.href}`);
    return found;
  });
}

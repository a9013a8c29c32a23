import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  deepMergeAll,
  DEFAULT_LANGUAGE,
  initialLanguage,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  languageAfterStoredChange,
  type Language,
} from '@portal/domain';
import { useEffect, useState } from 'react';

export { isLanguage, LANGUAGES, type Language };

/** BCP 47 locales for Intl: US Spanish, and Brazilian Portuguese (the Portuguese most members read). */
const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', pt: 'pt-BR' };

export const localeOf = (language: string): string => LOCALES[isLanguage(language) ? language : 'en'];

type Resources = Record<string, unknown>;

/**
 * The language files every first page needs: the shell, /account-overview, /payments/locate-account,
 * the sign-in, sign-out and error pages (app/startup-texts.test.ts checks that they hold every key those
 * use). The other files load with the other pages (loadAllTexts, app/router.tsx), so that the first
 * page does not wait for the words of forty others (docs/decisions/033).
 */
export const STARTUP_TEXT_FILES = [
  'common',
  'forms',
  'benefits',
  'idCard',
  'notifications',
  'paperless',
] as const;

export type Part = 'startup' | 'rest';

// Every language's files are two chunks, loaded for the active language only: the startup files, which
// the first pages need, and the rest, which every other page waits for, each one request (decision 033).
// A Spanish member's first page does not load the English ones too.
const loaders: Record<Language, Record<Part, () => Promise<Resources>>> = {
  en: {
    startup: () => import('./startup-en').then((module) => module.default),
    rest: () => import('./rest-en').then((module) => module.default),
  },
  es: {
    startup: () => import('./startup-es').then((module) => module.default),
    rest: () => import('./rest-es').then((module) => module.default),
  },
  pt: {
    startup: () => import('./startup-pt').then((module) => module.default),
    rest: () => import('./rest-pt').then((module) => module.default),
  },
};

/** SPEC §7: the tenant's language files live under the configured language path (`language-<lang>.json`). */
let tenantLanguagePath: string | null = null;
const loaded = new Map<Language, Set<Part>>();
const tenantFiles = new Map<Language, Promise<Resources>>();
/** Set once a page needs more than the startup files: from then on every language loads whole. */
let everyText = false;
/**
 * Counts the changes of the tenant's language path (and forgetting the texts): a load that began under an
 * earlier one holds other tenant words (none, before startup had the configuration) and must not be merged.
 */
let generation = 0;

export class LanguageLoadError extends Error {}

/**
 * Tests: back to no language files loaded and no tenant's words (the web tests share modules across
 * files, and a file that loaded the tenant's configuration must not change the words of the next).
 */
export function forgetTexts(): void {
  generation += 1;
  tenantLanguagePath = null;
  loaded.clear();
  tenantFiles.clear();
  everyText = false;
  if (i18next.isInitialized)
    for (const language of LANGUAGES) i18next.removeResourceBundle(language, 'translation');
}

/** Startup: from now on every language is the static file with the tenant's file deep-merged over it. */
export function setTenantLanguagePath(path: string): void {
  generation += 1;
  tenantLanguagePath = path.endsWith('/') ? path : `${path}/`;
  loaded.clear();
  tenantFiles.clear();
}

async function fetchTenantResources(
  language: Language,
  path = tenantLanguagePath,
  fetchFile: typeof fetch = fetch,
): Promise<Resources> {
  if (path === null) return {};
  const file = `${path}language-${language}.json`;
  const response = await fetchFile(file, { headers: { Accept: 'application/json' } }).catch(() => null);
  // A tenant without an override for this language keeps the product wording.
  if (response?.status === 404) return {};
  if (!response?.ok)
    throw new LanguageLoadError(`${file}: ${response ? `HTTP ${response.status}` : 'network error'}`);
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new LanguageLoadError(`${file}: not a JSON object`);
  return body as Resources;
}

/** The tenant's file of a language, fetched once (merged over each part of the static files as it loads). */
function tenantResources(language: Language): Promise<Resources> {
  let file = tenantFiles.get(language);
  if (!file) {
    file = fetchTenantResources(language);
    tenantFiles.set(language, file);
    file.catch(() => tenantFiles.delete(language));
  }
  return file;
}

/** SPEC §7: static language files + tenant language file, deep-merged (the tenant's words win). */
async function ensureLoaded(
  language: Language,
  wanted: readonly Part[] = everyText ? ['startup', 'rest'] : ['startup'],
): Promise<void> {
  const started = generation;
  const have = loaded.get(language) ?? new Set<Part>();
  const missing = wanted.filter((part) => !have.has(part));
  if (missing.length === 0) return;
  const [bases, tenant] = await Promise.all([
    Promise.all(missing.map((part) => loaders[language][part]())),
    tenantResources(language),
  ]);
  // The tenant's language path was set meanwhile (startup read the configuration while a page's code asked
  // for every text): these words lack the tenant's, and merged now they would overwrite them (the product's
  // "Cobertura odontológica" over the tenant's "Lighthouse Smile Dental"). Load again, with the tenant's.
  if (generation !== started) {
    await ensureLoaded(language, wanted);
    return;
  }
  i18next.addResourceBundle(language, 'translation', deepMergeAll([...bases, tenant]), true, true);
  for (const part of missing) have.add(part);
  loaded.set(language, have);
}

/**
 * Every language file of the active language (the startup files hold only what the first pages need).
 * Pages other than those wait for this before they render (app/router.tsx); components showing words
 * of the new files re-render when they arrive (react-i18next `bindI18nStore: 'added'`).
 */
export async function loadAllTexts(): Promise<void> {
  // The server renders with the words it was given (entry-server.tsx: serverTexts).
  if (import.meta.env.SSR) return;
  everyText = true;
  // The fallback's startup files too (the languages have the same keys: locales.test.ts), not before:
  // the first page of a Spanish or Portuguese member needs none of the English ones.
  await Promise.all([ensureLoaded(currentLanguage()), ensureLoaded(DEFAULT_LANGUAGE, ['startup'])]);
}

/** React: true once every language file of the active language has loaded (loading them if needed). */
export function useAllTexts(): boolean {
  const [ready, setReady] = useState(() => loaded.get(currentLanguage())?.has('rest') ?? false);
  useEffect(() => {
    if (ready) return;
    let active = true;
    void loadAllTexts()
      .catch(() => undefined)
      .then(() => {
        if (active) setReady(true);
      });
    return () => {
      active = false;
    };
  }, [ready]);
  return ready;
}

/**
 * The stored language (SPEC §4 keeps it in localStorage) mirrored in a cookie, so that the server can
 * render a first page in it (docs/decisions/058). Not a secret: the language, for a year, this site only.
 */
export const LANGUAGE_COOKIE = 'portal-language';

function mirrorInCookie(language: string): void {
  if (!isLanguage(language)) return;
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  } catch {
    // No cookies here: the server renders in the default language and the page switches after it.
  }
}

function remember(language: Language): void {
  mirrorInCookie(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}

/** Switches the active language, keeps `<html lang>` in step and remembers the choice. */
export async function changeLanguage(language: Language, rememberChoice = true): Promise<void> {
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  if (rememberChoice) remember(language);
}

/** The language in the cookie that mirrors the stored one (what the server renders a first page in). */
function cookieLanguage(): string | null {
  const pair = document.cookie.split('; ').find((one) => one.startsWith(`${LANGUAGE_COOKIE}=`));
  const value = pair?.slice(LANGUAGE_COOKIE.length + 1) ?? null;
  return isLanguage(value) ? value : null;
}

/**
 * The stored language (SPEC §4): localStorage's, else its cookie mirror's when storage was cleared
 * without the cookie (the server rendered the page in that one: browser and server agree).
 */
export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? cookieLanguage();
  } catch {
    return null;
  }
}

export const currentLanguage = (): Language =>
  isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;

let watching = false;

export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  // Words of files that load later (loadAllTexts) reach what is already on the screen.
  react: { bindI18nStore: 'added' },
} as const;

function watchStoredLanguage(): void {
  const stored = storedLanguage();
  // Browsers that chose before the cookie existed: the server learns the choice from the next visit on.
  if (stored !== null) mirrorInCookie(stored);
  if (watching) return;
  watching = true;
  // SPEC §4: the stored value is watched; another tab changing it switches this one.
  window.addEventListener('storage', (event) => {
    if (event.key !== LANGUAGE_STORAGE_KEY) return;
    const next = languageAfterStoredChange(currentLanguage(), event.newValue);
    if (next !== i18next.language) void changeLanguage(next, false).catch(() => undefined);
  });
}

/**
 * Initialises translations in the stored language (SPEC §4). Throws when a language file cannot be
 * loaded, so that startup can fail visibly (SPEC §8).
 */
export async function initI18n(): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({ ...I18N_OPTIONS, resources: {}, lng: DEFAULT_LANGUAGE });
  }
  await changeLanguage(initialLanguage({ stored: storedLanguage() }), false);
  watchStoredLanguage();
}

/** The words a server-rendered first page was rendered with (docs/decisions/058). */
export interface ServerTexts {
  language: Language;
  /** The startup files of the language with the tenant's file merged over them. */
  texts: Resources;
  /** The tenant's language path (SPEC §7). */
  tenantLanguagePath: string;
  /** Which of the language's files `texts` holds: the startup ones, or all (a page beyond the first ones). */
  parts: Part[];
}

/** Server (entry-server.tsx): the startup words of a language, the tenant's merged in, as the browser loads them. */
export async function serverTexts(
  language: Language,
  languagePath: string,
  fetchFile: typeof fetch,
  parts: Part[] = ['startup'],
): Promise<ServerTexts> {
  const path = languagePath.endsWith('/') ? languagePath : `${languagePath}/`;
  const [bases, tenant] = await Promise.all([
    Promise.all(parts.map((part) => loaders[language][part]())),
    fetchTenantResources(language, path, fetchFile),
  ]);
  return { language, texts: deepMergeAll([...bases, tenant]), tenantLanguagePath: path, parts };
}

/**
 * Browser, a server-rendered first page (docs/decisions/058): translations start with the words the server
 * rendered it with, without loading them again.
 */
export async function initI18nFromServer({
  language,
  texts,
  tenantLanguagePath: path,
  parts,
}: ServerTexts): Promise<void> {
  // Said before anything awaits: the page's code loads beside this (main.tsx, preloadPage), and a page
  // beyond the first ones asks for every text (loadAllTexts) at once. It must find the server's words
  // here, or it fetches both of the language's files again and merges them over the same words.
  setTenantLanguagePath(path);
  loaded.set(language, new Set<Part>(parts));
  if (parts.includes('rest')) everyText = true;
  if (!i18next.isInitialized) {
    // The server's words become the store as they are: adding them to an empty store would copy them
    // key by key (i18next's deep merge), inside the task that hydrates the page.
    await i18next
      .use(initReactI18next)
      .init({ ...I18N_OPTIONS, resources: { [language]: { translation: texts } }, lng: language });
  } else {
    i18next.addResourceBundle(language, 'translation', texts, true, true);
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  watchStoredLanguage();
}

/**
 * Startup, after the configuration: the active language and the fallback again, now with the tenant's
 * files merged in. Throws LanguageLoadError (SPEC §8: startup is rejected).
 */
export async function loadTenantLanguages(): Promise<void> {
  const language = currentLanguage();
  // The active language only; the fallback's words come with the other pages (loadAllTexts).
  await ensureLoaded(language);
  // Re-render with the merged words.
  await i18next.changeLanguage(language);
}

/**
 * SPEC §4: an assertion's languagePreference (ESP, PT, ENG) overrides the stored value; the choice
 * is then remembered like any other.
 */
export async function applyAssertedLanguage(preference: string | null | undefined): Promise<void> {
  if (!preference?.trim()) return;
  const language = initialLanguage({ stored: storedLanguage(), assertionPreference: preference });
  if (language !== i18next.language) await changeLanguage(language);
}

/**
 * Issue 11: a signed-in member's preferred language (their household's, from their demographics) is
 * used when this browser has no language stored — SPEC §4 keeps the stored value first (and an
 * assertion's languagePreference over it). Switching remembers it, so the next visit starts in it.
 */
export async function applyMemberLanguage(preferred: string | null | undefined): Promise<void> {
  if (!isLanguage(preferred) || storedLanguage() !== null) return;
  // A server-rendered first page is in that language already (docs/decisions/058): it is still kept, as a
  // change to it would have been.
  if (preferred === i18next.language) remember(preferred);
  else await changeLanguage(preferred);
}

export { i18next };

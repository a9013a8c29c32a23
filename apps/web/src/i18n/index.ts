import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  deepMerge,
  DEFAULT_LANGUAGE,
  initialLanguage,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  languageAfterStoredChange,
  type Language,
} from '@portal/domain';
import en from './locales/en';

export { isLanguage, LANGUAGES, type Language };

type Resources = Record<string, unknown>;

/** Every file of a language folder, merged into one tree (each file holds its own top-level keys). */
async function loadFolder(loaders: Record<string, () => Promise<unknown>>): Promise<Resources> {
  const trees = await Promise.all(Object.values(loaders).map((load) => load()));
  return trees.reduce<Resources>((merged, tree) => deepMerge(merged, tree as Resources), {});
}

// English ships in the main bundle (the default and the fallback); the others load when chosen.
const staticLoaders: Record<Language, () => Promise<Resources>> = {
  en: () => Promise.resolve(en),
  es: () => loadFolder(import.meta.glob('./locales/es/*.json', { import: 'default' })),
  pt: () => loadFolder(import.meta.glob('./locales/pt/*.json', { import: 'default' })),
};

/** SPEC §7: the tenant's language files live under the configured language path (`language-<lang>.json`). */
let tenantLanguagePath: string | null = null;
const loaded = new Set<Language>();

export class LanguageLoadError extends Error {}

/** Startup: from now on every language is the static file with the tenant's file deep-merged over it. */
export function setTenantLanguagePath(path: string): void {
  tenantLanguagePath = path.endsWith('/') ? path : `${path}/`;
  loaded.clear();
}

async function tenantResources(language: Language): Promise<Resources> {
  if (tenantLanguagePath === null) return {};
  const file = `${tenantLanguagePath}language-${language}.json`;
  const response = await fetch(file, { headers: { Accept: 'application/json' } }).catch(() => null);
  // A tenant without an override for this language keeps the product wording.
  if (response?.status === 404) return {};
  if (!response?.ok) throw new LanguageLoadError(`${file}: ${response ? `HTTP ${response.status}` : 'network error'}`);
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new LanguageLoadError(`${file}: not a JSON object`);
  return body as Resources;
}

/** SPEC §7: static language file + tenant language file, deep-merged (the tenant's words win). */
async function ensureLoaded(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const [base, tenant] = await Promise.all([staticLoaders[language](), tenantResources(language)]);
  i18next.addResourceBundle(language, 'translation', deepMerge(base, tenant), true, true);
  loaded.add(language);
}

function remember(language: Language): void {
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

export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

let watching = false;

/**
 * Initialises translations in the stored language (SPEC §4). Throws when a language file cannot be
 * loaded, so that startup can fail visibly (SPEC §8).
 */
export async function initI18n(): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    loaded.add('en');
  }
  await changeLanguage(initialLanguage({ stored: storedLanguage() }), false);
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
 * Startup, after the configuration: the active language and the fallback again, now with the tenant's
 * files merged in. Throws LanguageLoadError (SPEC §8: startup is rejected).
 */
export async function loadTenantLanguages(): Promise<void> {
  const language = currentLanguage();
  await Promise.all([ensureLoaded(DEFAULT_LANGUAGE), ensureLoaded(language)]);
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
  if (preferred !== i18next.language) await changeLanguage(preferred);
}

export { i18next };

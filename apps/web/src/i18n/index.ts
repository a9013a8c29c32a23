import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  initialLanguage,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  languageAfterStoredChange,
  type Language,
} from '@portal/domain';
import en from './locales/en.json';

export { isLanguage, LANGUAGES, type Language };

// English ships in the main bundle (the default and the fallback); the others load when chosen.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  es: () => import('./locales/es.json'),
  pt: () => import('./locales/pt.json'),
};

function storedValue(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

async function ensureLoaded(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const { default: resources } = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', resources, true, true);
}

/** Switches the active language, keeps `<html lang>` in step and remembers the choice. */
export async function changeLanguage(language: Language, remember = true): Promise<void> {
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page only.
    }
  }
}

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLanguage(initialLanguage({ stored: storedValue() }), false);
  // SPEC §4: the stored value is watched; another tab changing it switches this one.
  window.addEventListener('storage', (event) => {
    if (event.key !== LANGUAGE_STORAGE_KEY || !isLanguage(i18next.language)) return;
    const next = languageAfterStoredChange(i18next.language, event.newValue);
    if (next !== i18next.language) void changeLanguage(next, false);
  });
}

export { i18next };

/**
 * Language choice and footer links (SPEC §1 languages, §2 "Footer", §3 configuration, §4 "Language").
 */

/** SPEC §1: the interface languages. */
export const LANGUAGES = ['en', 'es', 'pt'] as const;

/** SPEC §1: one of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** SPEC §1: english is the default language. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** SPEC §3: the local storage key holding the language preference. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** SPEC §1, §4: whether `value` is one of the supported language codes (exact, lowercase). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * SPEC §4: the assertion's languagePreference: `ESP` gives es, `PT` gives pt, `ENG` or anything
 * else gives en (compared case-insensitively, ignoring surrounding spaces).
 */
export function languageFromPreference(preference: string): Language {
  switch (preference.trim().toUpperCase()) {
    case 'ESP':
      return 'es';
    case 'PT':
      return 'pt';
    default:
      return 'en';
  }
}

/**
 * SPEC §4: the initial language is the stored value, overridden by the assertion's
 * languagePreference when present (non-blank); an unsupported or missing stored value gives the default.
 */
export function initialLanguage(input: {
  readonly stored: string | null | undefined;
  readonly assertionPreference?: string | null;
}): Language {
  const preference = input.assertionPreference;
  if (preference != null && preference.trim() !== '') return languageFromPreference(preference);
  return isLanguage(input.stored) ? input.stored : DEFAULT_LANGUAGE;
}

/**
 * SPEC §4: the stored value is watched continuously; when it is a supported language that differs
 * from the current one, it becomes the default and active language. Returns the language to use
 * (the current one when the stored value is missing, unsupported or equal).
 */
export function languageAfterStoredChange(current: Language, stored: string | null | undefined): Language {
  return isLanguage(stored) && stored !== current ? stored : current;
}

/** SPEC §3 footer link configuration: links shared by all languages, per language, and per US state. */
export interface FooterLinkConfig {
  /** Key (privacyPolicy, termsofUse, nondiscriminationNotice, contact, accessibilityStatement, …) → URL. */
  readonly shared?: Readonly<Record<string, string>>;
  /** Language → key → URL; overrides the shared URL of the same key. */
  readonly byLanguage?: Readonly<Partial<Record<Language, Readonly<Record<string, string>>>>>;
  /** US state code → nondiscrimination notice URL (the state map is never shown as a link itself). */
  readonly nondiscriminationByState?: Readonly<Record<string, string>>;
}

/** SPEC §2: prefix of a footer button's id; the id is the prefix plus the key. */
export const FOOTER_BUTTON_ID_PREFIX = 'footer-button-';

/** SPEC §3, §4: the configuration key of the nondiscrimination notice link. */
export const NONDISCRIMINATION_NOTICE_KEY = 'nondiscriminationNotice';

/** SPEC §2: one footer link, opened in a new tab; its text is translated from `labelKey`. */
export interface FooterLink {
  readonly id: string;
  readonly key: string;
  readonly url: string;
  readonly labelKey: string;
}

function ownValue(map: Readonly<Record<string, string>> | undefined, key: string): string | undefined {
  return map !== undefined && Object.hasOwn(map, key) ? map[key] : undefined;
}

/**
 * SPEC §4: the nondiscrimination notice link is chosen by the member's US state (code compared
 * case-insensitively), falling back to the default notice link; `null` when neither exists.
 */
export function nondiscriminationNoticeUrl(
  memberState: string | null | undefined,
  byState: Readonly<Record<string, string>> | undefined,
  defaultUrl: string | null | undefined,
): string | null {
  const state = (memberState ?? '').trim().toUpperCase();
  const stateKey =
    state === '' ? undefined : Object.keys(byState ?? {}).find((key) => key.toUpperCase() === state);
  const stateUrl = stateKey === undefined ? undefined : ownValue(byState, stateKey);
  return stateUrl ?? defaultUrl ?? null;
}

/**
 * SPEC §2 "Footer" and §4: one link per configuration key for `language` (the language's URL
 * overrides the shared one; shared keys come first, in configuration order), with the
 * nondiscrimination notice chosen by `memberState`. Blank URLs are left out. Rebuild on language change.
 */
export function footerLinks(
  config: FooterLinkConfig,
  language: Language,
  memberState: string | null | undefined,
): FooterLink[] {
  const perLanguage = config.byLanguage?.[language];
  const keys = [...new Set([...Object.keys(config.shared ?? {}), ...Object.keys(perLanguage ?? {})])];
  return keys.flatMap((key) => {
    const configured = ownValue(perLanguage, key) ?? ownValue(config.shared, key);
    const url =
      key === NONDISCRIMINATION_NOTICE_KEY
        ? nondiscriminationNoticeUrl(memberState, config.nondiscriminationByState, configured)
        : configured;
    if (url == null || url.trim() === '') return [];
    return [{ id: `${FOOTER_BUTTON_ID_PREFIX}${key}`, key, url, labelKey: `footer.${key}` }];
  });
}

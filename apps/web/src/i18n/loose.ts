import type { TFunction } from 'i18next';

/**
 * Translation keys are checked by the compiler (i18n/i18next.d.ts). Some keys come from data instead —
 * configuration (menu labels, footer links), the server (notification templates, problem codes) — and
 * those are checked at run time by the i18n tests. `loose(t)` is the translate function for them.
 */
export type LooseT = (key: string, options?: Record<string, unknown>) => string;

export const loose = (t: TFunction): LooseT => t as unknown as LooseT;

/** A translation key the compiler knows (a key of the English files). */
export type { ParseKeys as TranslationKey } from 'i18next';

import { describe, expect, it } from 'vitest';
import { deepMerge } from '@portal/domain';
import {
  NOTIFICATION_LINK_TEXT_KEYS,
  NOTIFICATION_TEMPLATE_NAMES,
  NOTIFICATION_TEMPLATES,
  notificationValueName,
} from '@portal/contracts';
import en from './locales/en';
import { STARTUP_TEXT_FILES } from './index';
import startupEn from './startup-en';
import startupEs from './startup-es';
import startupPt from './startup-pt';
import restEn from './rest-en';
import restEs from './rest-es';
import restPt from './rest-pt';

/** A language folder merged as the app merges it (i18n/index.ts). */
const folder = (files: Record<string, unknown>): Record<string, unknown> =>
  Object.values(files).reduce<Record<string, unknown>>(
    (merged, tree) => deepMerge(merged, tree as Record<string, unknown>),
    {},
  );
const es = folder(import.meta.glob('./locales/es/*.json', { eager: true, import: 'default' }));
const pt = folder(import.meta.glob('./locales/pt/*.json', { eager: true, import: 'default' }));
const enFiles = Object.keys(import.meta.glob('./locales/en/*.json')).map((file) => file.split('/').pop());

/** Every leaf key of a nested translation object, as dotted paths. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function valueAt(tree: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

describe('translations', () => {
  const english = keysOf(en).sort();

  // i18n/index.ts loads a language in two chunks whose globs spell the startup files out (they must be
  // literals): together they are the whole folder, and the first holds exactly STARTUP_TEXT_FILES.
  it.each([
    ['en', startupEn, restEn],
    ['es', startupEs, restEs],
    ['pt', startupPt, restPt],
  ])(
    '%s loads as the startup files and the rest, which are every file of the folder',
    (language, startup, rest) => {
      const files = Object.entries(
        import.meta.glob('./locales/*/*.json', { eager: true, import: 'default' }),
      ).filter(([file]) => file.includes(`/${language}/`));
      const isStartup = (file: string) => STARTUP_TEXT_FILES.some((name) => file.endsWith(`/${name}.json`));
      expect(keysOf(startup).sort()).toEqual(
        keysOf(folder(Object.fromEntries(files.filter(([file]) => isStartup(file))))).sort(),
      );
      expect(keysOf(rest).sort()).toEqual(
        keysOf(folder(Object.fromEntries(files.filter(([file]) => !isStartup(file))))).sort(),
      );
      expect(files.filter(([file]) => isStartup(file))).toHaveLength(STARTUP_TEXT_FILES.length);
    },
  );

  it('lists every English file in locales/en/index.ts, and each language has the same files', () => {
    const merged = folder(import.meta.glob('./locales/en/*.json', { eager: true, import: 'default' }));
    expect(keysOf(en).sort()).toEqual(keysOf(merged).sort());
    for (const language of ['es', 'pt']) {
      const files = Object.keys(import.meta.glob('./locales/*/*.json'))
        .filter((file) => file.includes(`/${language}/`))
        .map((file) => file.split('/').pop());
      expect(files.sort(), language).toEqual([...enFiles].sort());
    }
  });

  it.each([
    ['es', es],
    ['pt', pt],
  ])(
    '%s has exactly the keys English has (plus grammatical-gender variants of English keys)',
    (_language, tree) => {
      // `validation.required_female`: Spanish and Portuguese agree a message with the field's gender
      // (i18next context from `fields.<name>.gender`); English needs no variant.
      const gendered = /_(female|male)$/;
      const keys = keysOf(tree);
      expect(keys.filter((key) => !gendered.test(key)).sort()).toEqual(english);
      for (const key of keys.filter((candidate) => gendered.test(candidate)))
        expect(english, key).toContain(key.replace(gendered, ''));
    },
  );

  it('gives every field a gender the messages know', () => {
    for (const [language, tree] of [
      ['es', es],
      ['pt', pt],
      ['en', en],
    ] as const) {
      const fields = (tree as { fields: Record<string, { gender: string }> }).fields;
      for (const [name, field] of Object.entries(fields))
        expect(['none', 'male', 'female'], `${language} fields.${name}`).toContain(field.gender);
    }
  });

  // Words that really are spelled the same in that language (checked by a speaker, not copied).
  // The service queue's heading, empty value and person line, and the access history's line, are placeholders
  // and punctuation only; so are the enrolment import's interchange and acknowledgment lines, and "API" is "API".
  const sameWord: Record<string, string[]> = {
    es: [
      'common.no',
      'payments.receipt.plan',
      'policySelector.option',
      'serviceQueue.detail.heading',
      'serviceQueue.detail.none',
      'serviceQueue.detail.person',
      'serviceQueue.field.plan',
      'serviceQueue.value.no',
      'serviceQueue.value.false',
      'accessHistory.line',
      'enrollmentImports.interchange',
      'enrollmentImports.detail.ackOutcome',
      'enrollmentImports.source.api',
    ],
    pt: [
      'policySelector.option',
      'serviceQueue.detail.heading',
      'serviceQueue.detail.none',
      'serviceQueue.detail.person',
      'accessHistory.line',
      'enrollmentImports.interchange',
      'enrollmentImports.detail.ackOutcome',
      'enrollmentImports.source.api',
    ],
  };

  it.each([
    ['es', es],
    ['pt', pt],
  ])('%s is translated, not copied from English', (language, tree) => {
    // Language names are the same in every language; anything else identical to English is a copy.
    const copied = english.filter(
      (key) =>
        !key.startsWith('languages.') &&
        !key.endsWith('.gender') &&
        !(sameWord[language] ?? []).includes(key) &&
        valueAt(tree, key) === valueAt(en, key),
    );
    expect(copied).toEqual([]);
  });

  it('has no empty strings', () => {
    for (const tree of [en, es, pt]) {
      for (const key of keysOf(tree)) expect(String(valueAt(tree, key)).trim(), key).not.toBe('');
    }
  });

  it('keeps the same interpolation placeholders in every language', () => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const key of english) {
      expect(placeholders(valueAt(es, key)), `es ${key}`).toEqual(placeholders(valueAt(en, key)));
      expect(placeholders(valueAt(pt, key)), `pt ${key}`).toEqual(placeholders(valueAt(en, key)));
    }
  });
});

describe('notification templates (packages/contracts notification-templates.ts)', () => {
  const languages = [
    ['en', en],
    ['es', es],
    ['pt', pt],
  ] as const;

  it.each(languages)(
    '%s translates every template and link text the server can produce',
    (_language, tree) => {
      const missing = [...NOTIFICATION_TEMPLATE_NAMES, ...NOTIFICATION_LINK_TEXT_KEYS].filter(
        (key) => typeof valueAt(tree, key) !== 'string',
      );
      expect(missing).toEqual([]);
    },
  );

  it('uses in each message only values its template carries (as the web names them)', () => {
    for (const template of NOTIFICATION_TEMPLATE_NAMES) {
      const carried = NOTIFICATION_TEMPLATES[template].map(notificationValueName);
      for (const [language, tree] of languages) {
        const used = [...String(valueAt(tree, template)).matchAll(/{{\s*(\w+)\s*}}/g)].map(
          (match) => match[1] ?? '',
        );
        for (const name of used) expect(carried, `${language} ${template} {{${name}}}`).toContain(name);
      }
    }
  });
});

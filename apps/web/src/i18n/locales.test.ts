import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';

/** Every leaf key of a nested translation object, as dotted paths. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function valueAt(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

describe('translations', () => {
  const english = keysOf(en).sort();

  it.each([
    ['es', es],
    ['pt', pt],
  ])('%s has exactly the keys English has', (_language, tree) => {
    expect(keysOf(tree).sort()).toEqual(english);
  });

  // Words that really are spelled the same in that language (checked by a speaker, not copied).
  const sameWord: Record<string, string[]> = { es: ['common.no'], pt: [] };

  it.each([
    ['es', es],
    ['pt', pt],
  ])('%s is translated, not copied from English', (language, tree) => {
    // Language names are the same in every language; anything else identical to English is a copy.
    const copied = english.filter(
      (key) => !key.startsWith('languages.') && !(sameWord[language] ?? []).includes(key) && valueAt(tree, key) === valueAt(en, key),
    );
    expect(copied).toEqual([]);
  });

  it('has no empty strings', () => {
    for (const tree of [en, es, pt]) {
      for (const key of keysOf(tree)) expect(String(valueAt(tree, key)).trim(), key).not.toBe('');
    }
  });

  it('keeps the same interpolation placeholders in every language', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const key of english) {
      expect(placeholders(valueAt(es, key)), `es ${key}`).toEqual(placeholders(valueAt(en, key)));
      expect(placeholders(valueAt(pt, key)), `pt ${key}`).toEqual(placeholders(valueAt(en, key)));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';

/**
 * The server's catalogues follow the web's rules (apps/web/src/i18n/locales.test.ts): every language has
 * exactly English's keys, nothing is empty, nothing is copied from English unless a speaker checked the
 * word is the same, and every value a text is given shows in every language. A text that is a function
 * is read by calling it with stand-ins for its values, the same ones in every language.
 */

/**
 * The facts a notice's sentences are given (i18n/notice.ts NoticeValues), as stand-ins, in two shapes that
 * between them take every branch: either reason, either delivery, eligible or not.
 */
const noticeFacts = (variant: 'a' | 'b') => {
  const text = (name: string) => `⟨${name}⟩`;
  const facts: Record<string, unknown> = {
    electronic: variant === 'a' ? [text('electronic1'), text('electronic2')] : [],
    paper: variant === 'a' ? [text('paper1')] : [text('paper1'), text('paper2')],
    voluntary: variant === 'b',
    binderNotPaid: variant === 'a',
    reinstatementEligible: variant === 'a' ? 'yes' : '',
  };
  return new Proxy(facts, { get: (given, name: string) => (name in given ? given[name] : text(name)) });
};

/** What a text reads, for each way of calling it: a string as it is, a function called with stand-ins. */
function readings(value: unknown, path: string): string[] {
  if (typeof value !== 'function') return [String(value)];
  const call = (...args: unknown[]) => {
    const result: unknown = (value as (...values: unknown[]) => unknown)(...args);
    return Array.isArray(result) ? result.join('\n') : String(result);
  };
  if (/^pdf\.notice\.(kinds|fallback)\b/.test(path)) return [call(noticeFacts('a')), call(noticeFacts('b'))];
  // Up to three values (a function that declares fewer ignores the rest); a card's or an account's
  // digits may be absent, so `null` is read too.
  const given = ['⟨1⟩', '⟨2⟩', '⟨3⟩'];
  return [call(...given), call(...given.map(() => null))];
}

/** Every leaf of a catalogue (a string or a function), as dotted paths. */
function leaves(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, child]): [string, unknown][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof child === 'object' && child !== null ? leaves(child as object, path) : [[path, child]];
  });
}

const english = new Map(leaves(en));
// The values a text shows: a function's stand-ins, or a page's `{name}` placeholders (filled by its renderer).
const stand = (text: string) => [...text.matchAll(/⟨\w+⟩|\{\w+\}/g)].map((match) => match[0]).sort();

// Words that really are spelled the same in that language (checked by a speaker, not copied).
const sameWord: Record<string, string[]> = {
  es: ['pdf.common.plan', 'pdf.cost.no', 'pdf.idCard.plan', 'pdf.idCard.individual'],
  pt: ['pdf.idCard.individual', 'pdf.sbc.metal.Bronze'],
};

describe('the server catalogue', () => {
  it.each([
    ['es', es],
    ['pt', pt],
  ])('%s has exactly the keys English has, each a text of the same kind', (_language, catalogue) => {
    const keys = new Map(leaves(catalogue));
    expect([...keys.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, value] of keys) expect(typeof value, path).toBe(typeof english.get(path));
  });

  it.each([
    ['es', es],
    ['pt', pt],
  ])('%s is translated, not copied from English', (language, catalogue) => {
    const copied = leaves(catalogue)
      .filter(([path]) => !(sameWord[language] ?? []).includes(path))
      .filter(([path, value]) => {
        const ours = readings(value, path);
        return readings(english.get(path), path).some((reading, index) => reading === ours[index]);
      })
      .map(([path]) => path);
    expect(copied).toEqual([]);
  });

  it('has no empty text', () => {
    for (const catalogue of [en, es, pt])
      for (const [path, value] of leaves(catalogue))
        for (const reading of readings(value, path)) expect(reading.trim(), path).not.toBe('');
  });

  it('shows every value a text is given in every language', () => {
    for (const [path, value] of english) {
      const wanted = readings(value, path).map(stand);
      for (const [language, catalogue] of [
        ['es', es],
        ['pt', pt],
      ] as const) {
        const ours = leaves(catalogue).find(([candidate]) => candidate === path)?.[1];
        expect(readings(ours, path).map(stand), `${language} ${path}`).toEqual(wanted);
      }
    }
  });
});

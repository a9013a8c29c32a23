import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../settings';
import { texts } from '.';

/**
 * A notice is listed on the documents page under the web's title for its kind and opens as a PDF under
 * the server's: a member looking for "Seu prêmio vai mudar" must find the same words in both.
 */
describe('notice titles', () => {
  for (const language of ['en', 'es', 'pt'] as const) {
    it(`are the same on the documents page and in the PDF (${language})`, () => {
      const file = path.join(repoRoot, 'apps/web/src/i18n/locales', language, 'common.json');
      const listed = (JSON.parse(fs.readFileSync(file, 'utf8')) as { notice: Record<string, string> }).notice;
      const kinds = Object.entries(texts(language).pdf.notice.kinds);
      expect(kinds.length).toBeGreaterThan(5);
      const different = kinds
        .filter(([kind, text]) => listed[kind] !== undefined && listed[kind] !== text.title)
        .map(([kind, text]) => `${kind}: page "${listed[kind] ?? ''}", PDF "${text.title}"`);
      expect(different).toEqual([]);
      expect(kinds.filter(([kind]) => listed[kind] === undefined).map(([kind]) => kind)).toEqual([]);
    });
  }
});

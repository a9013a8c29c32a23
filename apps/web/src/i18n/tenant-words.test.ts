import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changeLanguage,
  forgetTexts,
  i18next,
  loadAllTexts,
  loadTenantLanguages,
  setTenantLanguagePath,
} from './index';

const KEY = 'additionalProducts.cards.dental.title';

/** A tenant's Portuguese file naming its dental product. */
const tenantFile = (title: string) =>
  new Response(JSON.stringify({ additionalProducts: { cards: { dental: { title } } } }), {
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  forgetTexts();
});

describe('the tenant’s words (SPEC §7)', () => {
  it('win over the product’s, even when a load begun under another language path ends last', async () => {
    await changeLanguage('pt', false);
    forgetTexts();
    // The first path's file answers only when told to; the second's at once.
    let answerFirst: () => void = () => undefined;
    const first = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.startsWith('/first/')
          ? first.then(() => tenantFile('Outro nome'))
          : Promise.resolve(tenantFile('Lighthouse Smile Dental')),
      ),
    );
    // A page's code asks for every text while the path is the first one …
    setTenantLanguagePath('/first/');
    const early = loadAllTexts();
    // … and startup sets the tenant's path and loads its words, which arrive first.
    setTenantLanguagePath('/config/');
    await loadTenantLanguages();
    expect(i18next.t(KEY)).toBe('Lighthouse Smile Dental');

    // The early load ends last: its words must not replace the tenant's.
    answerFirst();
    await early;
    expect(i18next.t(KEY)).toBe('Lighthouse Smile Dental');
  });

  it('leave the product’s words where the tenant says nothing', async () => {
    await changeLanguage('pt', false);
    forgetTexts();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 404 }))),
    );
    setTenantLanguagePath('/config/');
    await loadAllTexts();
    expect(i18next.t(KEY)).toBe('Cobertura odontológica');
  });
});

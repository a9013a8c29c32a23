import { describe, expect, it } from 'vitest';
import {
  footerLinks,
  initialLanguage,
  isLanguage,
  languageAfterStoredChange,
  languageFromPreference,
  nondiscriminationNoticeUrl,
} from './language';
import type { FooterLinkConfig } from './language';

describe('languageFromPreference', () => {
  it('maps ESP to es, PT to pt and anything else to en', () => {
    expect(languageFromPreference('ESP')).toBe('es');
    expect(languageFromPreference(' esp ')).toBe('es');
    expect(languageFromPreference('PT')).toBe('pt');
    expect(languageFromPreference('ENG')).toBe('en');
    expect(languageFromPreference('FRA')).toBe('en');
    expect(languageFromPreference('')).toBe('en');
  });
});

describe('isLanguage', () => {
  it('accepts the three supported codes only', () => {
    expect(['en', 'es', 'pt'].every(isLanguage)).toBe(true);
    expect(isLanguage('EN')).toBe(false);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});

describe('initialLanguage', () => {
  it('starts from the stored value', () => {
    expect(initialLanguage({ stored: 'pt' })).toBe('pt');
  });

  it('is overridden by the assertion preference when present', () => {
    expect(initialLanguage({ stored: 'pt', assertionPreference: 'ESP' })).toBe('es');
    expect(initialLanguage({ stored: 'es', assertionPreference: 'ENG' })).toBe('en');
    expect(initialLanguage({ stored: 'es', assertionPreference: '  ' })).toBe('es');
    expect(initialLanguage({ stored: 'es', assertionPreference: null })).toBe('es');
  });

  it('falls back to English for a missing or unsupported stored value', () => {
    expect(initialLanguage({ stored: null })).toBe('en');
    expect(initialLanguage({ stored: 'fr' })).toBe('en');
  });
});

describe('languageAfterStoredChange', () => {
  it('switches to a stored language that differs from the current one', () => {
    expect(languageAfterStoredChange('en', 'es')).toBe('es');
  });

  it('keeps the current language otherwise', () => {
    expect(languageAfterStoredChange('pt', 'pt')).toBe('pt');
    expect(languageAfterStoredChange('pt', 'de')).toBe('pt');
    expect(languageAfterStoredChange('pt', null)).toBe('pt');
  });
});

describe('nondiscriminationNoticeUrl', () => {
  const byState = { MA: 'https://issuer.example/ma-notice', RI: 'https://issuer.example/ri-notice' };

  it('chooses the link for the member state, case-insensitively', () => {
    expect(nondiscriminationNoticeUrl('ma', byState, 'https://issuer.example/notice')).toBe(byState.MA);
  });

  it('falls back to the default link', () => {
    expect(nondiscriminationNoticeUrl('NH', byState, 'https://issuer.example/notice')).toBe(
      'https://issuer.example/notice',
    );
    expect(nondiscriminationNoticeUrl(null, byState, 'https://issuer.example/notice')).toBe(
      'https://issuer.example/notice',
    );
    expect(nondiscriminationNoticeUrl('MA', undefined, 'https://issuer.example/notice')).toBe(
      'https://issuer.example/notice',
    );
    expect(nondiscriminationNoticeUrl('NH', byState, undefined)).toBeNull();
  });
});

describe('footerLinks', () => {
  const config: FooterLinkConfig = {
    shared: {
      privacyPolicy: 'https://issuer.example/privacy',
      nondiscriminationNotice: 'https://issuer.example/notice',
      contact: '',
    },
    byLanguage: {
      es: {
        privacyPolicy: 'https://issuer.example/es/privacidad',
        accessibilityStatement: 'https://issuer.example/es/a11y',
      },
    },
    nondiscriminationByState: { MA: 'https://issuer.example/ma-notice' },
  };

  it('gives one link per key with a footer-button id and a translated label', () => {
    expect(footerLinks(config, 'en', null)).toEqual([
      {
        id: 'footer-button-privacyPolicy',
        key: 'privacyPolicy',
        url: 'https://issuer.example/privacy',
        labelKey: 'footer.privacyPolicy',
      },
      {
        id: 'footer-button-nondiscriminationNotice',
        key: 'nondiscriminationNotice',
        url: 'https://issuer.example/notice',
        labelKey: 'footer.nondiscriminationNotice',
      },
    ]);
  });

  it('prefers the language link, adds language-only keys, and picks the notice by state', () => {
    expect(footerLinks(config, 'es', 'MA').map((link) => [link.key, link.url])).toEqual([
      ['privacyPolicy', 'https://issuer.example/es/privacidad'],
      ['nondiscriminationNotice', 'https://issuer.example/ma-notice'],
      ['accessibilityStatement', 'https://issuer.example/es/a11y'],
    ]);
  });

  it('gives nothing for an empty configuration', () => {
    expect(footerLinks({}, 'pt', 'MA')).toEqual([]);
  });
});

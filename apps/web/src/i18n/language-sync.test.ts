import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { applyAssertedLanguage, changeLanguage, i18next, initI18n } from './index';

describe('language preference (SPEC §4)', () => {
  it('starts in the stored language', async () => {
    localStorage.setItem('language', 'es');
    await initI18n();
    expect(i18next.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18next.t('home.heading')).toBe('Bienvenido a su portal para miembros');
  });

  it('follows another tab that changes the stored value (storage event)', async () => {
    await changeLanguage('es', false);
    window.dispatchEvent(new StorageEvent('storage', { key: 'language', oldValue: 'es', newValue: 'pt' }));
    await waitFor(() => {
      expect(i18next.language).toBe('pt');
    });
    expect(document.documentElement.lang).toBe('pt');
  });

  it('ignores unsupported values and other keys', async () => {
    await changeLanguage('pt', false);
    window.dispatchEvent(new StorageEvent('storage', { key: 'language', newValue: 'fr' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'en' }));
    expect(i18next.language).toBe('pt');
  });

  it('remembers a choice made here', async () => {
    await changeLanguage('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('lets an assertion’s language preference win over the stored language (ESP, PT, ENG)', async () => {
    localStorage.setItem('language', 'en');
    await changeLanguage('en', false);
    await applyAssertedLanguage('ESP');
    expect(i18next.language).toBe('es');
    await applyAssertedLanguage('PT');
    expect(i18next.language).toBe('pt');
    await applyAssertedLanguage('ENG');
    expect(i18next.language).toBe('en');
    await applyAssertedLanguage(null);
    expect(i18next.language).toBe('en');
  });
});

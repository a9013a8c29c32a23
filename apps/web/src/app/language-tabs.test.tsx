import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../test/fixtures';
import { memberCredential, renderPortal } from '../test/render-portal';

describe('language across tabs (SPEC §4)', () => {
  it('switches this tab when another tab stores a new language, footer and <html lang> included', async () => {
    const maria = policySummary();
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([maria]),
        policies: { [maria.id]: policyDetail(maria) },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    // Another tab picks Portuguese: the browser tells this one with a storage event.
    localStorage.setItem('language', 'pt');
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'language', oldValue: 'en', newValue: 'pt' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Resumo da conta' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('pt');
    expect(screen.getByRole('link', { name: /Política de privacidade/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveProperty('value', 'pt');
    // The title is set in an effect, which Preact runs after the frame is painted.
    await waitFor(() => {
      expect(document.title).toBe('Resumo da conta | Portal do Associado');
    });
  });
});

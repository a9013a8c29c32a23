import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import tenantEn from '../../../../../../config/language-en.json';
import tenantEs from '../../../../../../config/language-es.json';
import tenantPt from '../../../../../../config/language-pt.json';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal } from '../../../test/render-portal';
import { testConfig } from '../../../test/config';
import type { Credential } from '../../../lib/auth/credentials';

/** The demo tenant's topics (config/account.json), served as GET /api/v1/faq serves them. */
const faq = { topics: testConfig().account.faqTopics };

function renderFaq(path: string, options: { credential?: Credential; guest?: boolean; fail?: boolean } = {}) {
  return renderPortal(path, {
    credential: options.credential ?? memberCredential(),
    api: {
      session: options.guest
        ? sessionInfo({ kind: 'guest', roles: ['guest'], displayName: null, username: null })
        : sessionInfo(),
      household: householdResponse([policySummary()]),
      custom: (_method, url) =>
        url === '/api/v1/faq'
          ? options.fail
            ? json({ type: 'urn:portal:problem:internal', title: 'Internal', status: 500 }, 500)
            : json(faq)
          : undefined,
    },
  });
}

describe('FAQ page (issue 12)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    // The tenant's words, merged over the product's as at startup (SPEC §7 language files).
    await changeLanguage('es', false);
    await changeLanguage('pt', false);
    for (const [language, tree] of [
      ['en', tenantEn],
      ['es', tenantEs],
      ['pt', tenantPt],
    ] as const)
      i18next.addResourceBundle(language, 'translation', tree, true, true);
    await changeLanguage('en', false);
  });
  afterEach(async () => {
    await changeLanguage('en', false);
  });

  it('lists the demo tenant’s topics and at least 15 questions, each answer behind its question', async () => {
    renderFaq('/admin/faq');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Paying your premium' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const questions = screen.getAllByRole('heading', { level: 3 });
    expect(questions.length).toBeGreaterThanOrEqual(15);
    const grace = screen.getByRole('button', { name: 'What happens if I miss a payment?' });
    expect(grace.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(grace);
    expect(grace.getAttribute('aria-expanded')).toBe('true');
    const answer = screen.getByRole('region', { name: 'What happens if I miss a payment?' });
    expect(answer.textContent).toContain('3 months');
    expect(
      within(answer)
        .getByRole('link', { name: /Link to this question/ })
        .getAttribute('href'),
    ).toBe('/admin/faq#grace-period');
  });

  it('searches in Spanish without regard to accents, keeps the search in the address, and says how many match', async () => {
    await changeLanguage('es', false);
    renderFaq('/admin/faq');
    const search = await screen.findByRole(
      'searchbox',
      { name: 'Buscar en las preguntas y respuestas' },
      { timeout: 10_000 },
    );
    fireEvent.input(search, { target: { value: 'periodo de gracia' } });
    expect(await screen.findByText(/preguntas? coincide/)).toBeTruthy();
    const shown = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(shown).toContain('¿Qué pasa si no hago un pago?');
    expect(shown).not.toContain('¿Cómo agrego a mi bebé recién nacido a mi plan?');
    // The matches open by themselves.
    expect(
      screen.getByRole('button', { name: '¿Qué pasa si no hago un pago?' }).getAttribute('aria-expanded'),
    ).toBe('true');
    fireEvent.input(search, { target: { value: 'xyzzy' } });
    expect(await screen.findByText(/Ninguna pregunta coincide con “xyzzy”/)).toBeTruthy();
  });

  it('opens a question from its link, and a search from ?q=, in Portuguese', async () => {
    await changeLanguage('pt', false);
    const first = renderFaq('/admin/faq#form-1095-a');
    const question = await screen.findByRole(
      'button',
      { name: 'Onde está o meu Formulário 1095-A?' },
      { timeout: 10_000 },
    );
    expect(question.getAttribute('aria-expanded')).toBe('true');
    first.unmount();
    renderFaq('/admin/faq?q=bebe');
    expect(await screen.findByText('1 pergunta corresponde a “bebe”.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('bebe');
  });

  it('lets a located guest read it, and says a failure in place', async () => {
    const guest: Credential = { kind: 'portal', type: 'guest', key: 'guest-session-key' };
    const first = renderFaq('/admin/faq', { credential: guest, guest: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Questions and answers' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'How do I pay my monthly premium?' })).toBeTruthy();
    first.unmount();
    renderFaq('/admin/faq', { fail: true });
    expect(
      await screen.findByText('We could not load the questions and answers.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});

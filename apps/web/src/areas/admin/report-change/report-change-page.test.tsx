import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { memberCredential, renderPortal } from '../../../test/render-portal';

function renderPage(offExchange: boolean) {
  return renderPortal('/admin/policy-selection/report-change', {
    credential: memberCredential(),
    api: {
      session: sessionInfo(),
      household: householdResponse([
        policySummary({ offExchange, ...(offExchange ? { exchangeSubscriberId: null } : {}) }),
      ]),
    },
  });
}

const entry = (key: string) => screen.getByTestId(`change-${key}`);

describe('report a change (issue 11)', { timeout: 30_000 }, () => {
  it('leads each change of an off-exchange policy to its page, and says income changes nothing', async () => {
    renderPage(true);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Report a change' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      screen.getByText('This policy was bought from us directly, so you tell us every change here.'),
    ).toBeTruthy();
    const links: Record<string, string> = {
      move: '/admin/policy-selection/manage-address',
      mailing: '/admin/policy-selection/manage-address',
      contact: '/admin/policy-selection/contact-info',
      newChild: '/admin/policy-selection/manage-dependents',
      marriage: '/admin/policy-selection/manage-dependents',
      leaves: '/admin/policy-selection/manage-dependents',
      personal: '/admin/demographics',
      language: '/admin/demographics',
      otherCoverage: '/admin/policy-selection/coverage-details',
      endCoverage: '/admin/policy-selection/coverage-details',
      coverageDates: '/admin/policy-selection/coverage-details',
      plan: '/admin/policy-selection/change-plan',
      other: '/admin/policy-selection/service-requests',
    };
    for (const [key, path] of Object.entries(links)) {
      expect(entry(key).dataset.route, key).toBe('issuer');
      expect(
        within(entry(key))
          .getByRole('link', { name: /^Go to / })
          .getAttribute('href'),
        key,
      ).toBe(path);
    }
    expect(within(entry('newChild')).getByRole('link', { name: 'Go to Dependents' })).toBeTruthy();
    expect(within(entry('income')).getByText(/your income does not change your premium/)).toBeTruthy();
    expect(within(entry('income')).queryByRole('link', { name: /^Go to / })).toBeNull();
  });

  it('sends an on-exchange policy’s household, income, personal, date, ending and plan changes to the exchange', async () => {
    renderPage(false);
    expect(
      await screen.findByText(/This policy was bought through Massachusetts Health Connector\./, undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    for (const key of [
      'newChild',
      'marriage',
      'leaves',
      'personal',
      'income',
      'otherCoverage',
      'endCoverage',
      'coverageDates',
      'plan',
    ]) {
      expect(entry(key).dataset.route, key).toBe('exchange');
      const link = within(entry(key)).getByRole('link', {
        name: /Report it at Massachusetts Health Connector/,
      });
      expect(link.getAttribute('href')).toBe('https://www.mahealthconnector.org/');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    for (const key of ['move', 'mailing', 'contact', 'language', 'other'])
      expect(entry(key).dataset.route, key).toBe('issuer');
    expect(
      within(entry('move')).getByText(
        /If you moved to another county or area, the page tells you to report it to Massachusetts Health Connector/,
      ),
    ).toBeTruthy();
    expect(within(entry('income')).getByText(/your income sets the tax credit/)).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await changeLanguage('es', false);
    try {
      renderPage(false);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Informar un cambio' }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(
        within(entry('newChild')).getByRole('link', { name: /Infórmelo en Massachusetts Health Connector/ }),
      ).toBeTruthy();
    } finally {
      await changeLanguage('en', false);
    }
  });
});

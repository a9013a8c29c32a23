import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../../test/fixtures';
import type { Credential } from '../../lib/auth/credentials';
import { testConfig } from '../../test/config';
import { memberCredential, renderPortal, type FakeApi } from '../../test/render-portal';

const maria = policySummary();
const memberApi: FakeApi = { session: sessionInfo(), household: householdResponse([maria]), policies: { [maria.id]: policyDetail(maria) }, unread: 3 };

function setWidth(width: number) {
  act(() => {
    (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM.setViewport({ width, height: 900 });
    window.dispatchEvent(new Event('resize'));
  });
}

describe('header (SPEC §2)', () => {
  it('links the logo to the configured logo route when it is in the member’s menu', async () => {
    renderPortal('/account-overview', { credential: memberCredential(), api: memberApi });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    const logo = screen.getByRole('link', { name: 'Lighthouse Health Plan home' });
    expect(logo.getAttribute('href')).toBe('/account-overview');
  });

  const guestApi = (base: 'GuestPaymentPages' | 'GuestPaymentTermedReinstateOnlyPages' | 'GuestPayment'): FakeApi => {
    const guestSummary = policySummary();
    return {
      session: sessionInfo({ kind: 'guest', roles: ['guest'], displayName: null, username: null }),
      household: householdResponse([guestSummary], { base, exchange: null, scenarios: [base] }),
      policies: { [guestSummary.id]: policyDetail(guestSummary) },
    };
  };
  const guestCredential: Credential = { kind: 'portal', type: 'guest', token: 'guest-token', expiresAt: null };

  it('links a guest’s logo to their first page, making a payment', async () => {
    renderPortal('/account-overview', { credential: guestCredential, api: guestApi('GuestPaymentPages') });
    await screen.findByText(/You found this account without signing in/);
    const logo = screen.getByRole('link', { name: 'Lighthouse Health Plan home' });
    expect(logo.getAttribute('href')).toBe('/payments/make-payment');
  });

  it('links the logo of a guest who may only ask to reinstate to the reinstatement page', async () => {
    renderPortal('/account-overview', { credential: guestCredential, api: guestApi('GuestPaymentTermedReinstateOnlyPages') });
    await screen.findByText(/You found this account without signing in/);
    const logo = screen.getByRole('link', { name: 'Lighthouse Health Plan home' });
    expect(logo.getAttribute('href')).toBe('/admin/policy-selection/span-selection/reactivate-plan');
  });

  it('links the logo to the first page of the menu when the logo route is not in it (a guest with nothing to pay: the FAQ)', async () => {
    renderPortal('/account-overview', { credential: guestCredential, api: guestApi('GuestPayment') });
    await screen.findByText(/You found this account without signing in/);
    const logo = await screen.findByRole('link', { name: 'Lighthouse Health Plan home' });
    expect(logo.getAttribute('href')).toBe('/admin/faq');
  });

  it('greets the signed-in member by name and shows the unread count on the notification button', async () => {
    renderPortal('/account-overview', { credential: memberCredential({ sub: 'm', preferred_username: 'maria.santos' }), api: memberApi });
    expect(await screen.findByText('Hello, maria.santos')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
  });

  it('offers the member search only with the member-search permission', async () => {
    renderPortal('/account-overview', { credential: memberCredential(), api: memberApi });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('sends customer service to the logo route with the searched member, clearly marked (SPEC §2 member search)', async () => {
    const found = policySummary({ policyHolder: { firstName: 'João', lastName: 'Silva' }, exchangeSubscriberId: '0903333333' });
    const { calls } = renderPortal('/account-overview', {
      credential: { ...memberCredential({ sub: 'cs', name: 'Denise Walsh' }), realm: 'workforce' } as Credential,
      api: {
        session: sessionInfo({ kind: 'staff', roles: ['customer-service'], permissions: ['member-search'], displayName: 'Denise Walsh' }),
        household: (search) =>
          search === null
            ? householdResponse([], { base: 'BindingPaymentOnlyPages', exchange: null, scenarios: ['BindingPaymentOnlyPages'] })
            : householdResponse([found], { base: 'HouseholdAndPolicies', exchange: 'OffExchangePolicy', scenarios: ['HouseholdAndPolicies', 'OffExchangePolicy'] }),
        policies: { [found.id]: policyDetail(found) },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Find a member' })).toBeTruthy();
    const search = await screen.findByRole('searchbox', { name: 'Search for a member by Exchange Subscriber ID' });
    expect(search.getAttribute('placeholder')).toBe('Exchange Subscriber ID');
    fireEvent.input(search, { target: { value: ' 0903333333 ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(await screen.findByText('You are viewing the account of João Silva (Exchange Subscriber ID 0903333333) on their behalf.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/v1/Household/user' && (call.body as { exchangeSubscriberId?: string }).exchangeSubscriberId === '0903333333')).toBe(true);
    expect(sessionStorage.getItem('session')).toBe(JSON.stringify({ idType: 'ExchangeId', id: '0903333333' }));
    fireEvent.click(screen.getByRole('button', { name: 'End member view' }));
    expect(await screen.findByRole('heading', { name: 'Find a member' })).toBeTruthy();
    expect(sessionStorage.getItem('session')).toBeNull();
  });
});

describe('side navigation header (SPEC §2)', () => {
  it('names the policyholder and the ID per policyDisplayID for a member', async () => {
    setWidth(1280);
    renderPortal('/account-overview', { credential: memberCredential(), api: memberApi });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    const header = screen.getByTestId('nav-member');
    expect(header.textContent).toContain(`${maria.policyHolder.firstName} ${maria.policyHolder.lastName}`);
    expect(header.textContent).toContain(`Exchange Subscriber ID: ${maria.exchangeSubscriberId ?? ''}`);
  });

  it('names nobody for a broker looking at a book of many clients', async () => {
    setWidth(1280);
    const clients = [policySummary(), policySummary({ policyHolder: { firstName: 'Rui', lastName: 'Almeida' } })];
    renderPortal('/account-overview', {
      credential: { ...memberCredential({ sub: 'b', name: 'Patrick Hughes' }), realm: 'workforce' } as Credential,
      api: {
        session: sessionInfo({ kind: 'broker', roles: ['broker'], displayName: 'Patrick Hughes', brokerId: 'broker-1' }),
        household: householdResponse(clients),
        policies: Object.fromEntries(clients.map((c) => [c.id, policyDetail(c)])),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.queryByTestId('nav-member')).toBeNull();
  });
});

describe('footer (SPEC §2, §4)', () => {
  const ids = ['privacyPolicy', 'termsofUse', 'nondiscriminationNotice', 'accessibilityStatement', 'contact', 'languageAssistance'];

  it('has one link per configured key, with footer-button ids, opening in a new tab', async () => {
    renderPortal('/home');
    await screen.findByRole('heading', { level: 1 });
    for (const key of ids) {
      const link = document.getElementById(`footer-button-${key}`);
      expect(link, key).not.toBeNull();
      expect(link?.getAttribute('target')).toBe('_blank');
      expect(link?.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByRole('link', { name: /Privacy policy/ }).getAttribute('href')).toBe('/config/assets/en/privacy.html');
    expect(document.getElementById('footer-button-nondiscriminationNotice')?.getAttribute('href')).toBe('/config/assets/en/nondiscrimination.html');
  });

  it('chooses the nondiscrimination notice by the member’s state and rebuilds the links in another language', async () => {
    renderPortal('/account-overview', { credential: memberCredential(), api: memberApi });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    await waitFor(() => {
      expect(document.getElementById('footer-button-nondiscriminationNotice')?.getAttribute('href')).toBe('/config/assets/shared/nondiscrimination-ma.html');
    });
    await act(() => changeLanguage('es'));
    expect(screen.getByRole('link', { name: /Política de privacidad/ }).getAttribute('href')).toBe('/config/assets/es/privacy.html');
    expect(document.getElementById('footer-button-nondiscriminationNotice')?.textContent).toContain('Aviso de no discriminación');
  });
});

describe('responsive layout (SPEC §2 breakpoints 959 px and 599 px)', () => {
  it('keeps the menu open beside the page on a wide screen and collapses it below 959 px', async () => {
    setWidth(1280);
    renderPortal('/account-overview', { credential: memberCredential(), api: memberApi });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open the menu' })).toBeNull();
    expect(screen.getByRole('button', { name: /Notifications/ })).toBeTruthy();

    setWidth(958);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByTestId('side-navigation');
    // The drawer becomes visible when its transition starts, in an effect (after the frame under Preact).
    expect(await within(drawer).findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    const bar = within(drawer).getByTestId('nav-footer-bar');
    expect(within(bar).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: /Notifications/ })).toBeTruthy();
    expect(within(bar).getByRole('link', { name: /Language assistance/ })).toBeTruthy();
  });

  it('hides the notifications button and the language-assistance link of the menu’s footer bar below 599 px', async () => {
    setWidth(598);
    renderPortal('/account-overview', { credential: memberCredential(), api: memberApi });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    const bar = within(await screen.findByTestId('side-navigation')).getByTestId('nav-footer-bar');
    expect(within(bar).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(within(bar).queryByRole('link', { name: /Language assistance/ })).toBeNull();
    setWidth(1280);
  });
});

describe('chatbot (SPEC §1, §6)', () => {
  const config = () =>
    testConfig({ account: { chatbot: { roles: ['MEMBER'], scriptUrl: '/config/assets/chatbot.js', stylesheetUrl: '/config/assets/chatbot.css' } } });

  it('loads the configured script and stylesheet for a configured role (case-insensitive)', async () => {
    renderPortal('/account-overview', { config: config(), credential: memberCredential(), api: memberApi });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    await waitFor(() => {
      expect(document.querySelector('script#portal-chatbot-script')?.getAttribute('src')).toBe('/config/assets/chatbot.js');
    });
    expect(document.querySelector('link#portal-chatbot-style')?.getAttribute('href')).toBe('/config/assets/chatbot.css');
  });

  it('loads nothing for other roles', async () => {
    renderPortal('/account-overview', {
      config: config(),
      credential: memberCredential(),
      api: { ...memberApi, session: sessionInfo({ kind: 'broker', roles: ['broker'], brokerId: 'b' }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    expect(document.querySelector('script#portal-chatbot-script')).toBeNull();
  });
});

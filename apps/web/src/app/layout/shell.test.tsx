import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../../test/fixtures';
import type { Credential } from '../../lib/auth/credentials';
import { testConfig } from '../../test/config';
import { json, memberCredential, renderPortal, type FakeApi } from '../../test/render-portal';

const maria = policySummary();
const memberApi: FakeApi = {
  session: sessionInfo(),
  household: householdResponse([maria]),
  policies: { [maria.id]: policyDetail(maria) },
  unread: 3,
};

function setWidth(width: number) {
  act(() => {
    (
      window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
    ).happyDOM.setViewport({ width, height: 900 });
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

  const guestApi = (
    base: 'GuestPaymentPages' | 'GuestPaymentTermedReinstateOnlyPages' | 'GuestPayment',
  ): FakeApi => {
    const guestSummary = policySummary();
    return {
      session: sessionInfo({ kind: 'guest', roles: ['guest'], displayName: null, username: null }),
      household: householdResponse([guestSummary], { base, exchange: null, scenarios: [base] }),
      policies: { [guestSummary.id]: policyDetail(guestSummary) },
    };
  };
  const guestCredential: Credential = { kind: 'portal', type: 'guest', key: 'guest-session-key' };

  it('links a guest’s logo to their first page, making a payment', async () => {
    renderPortal('/account-overview', { credential: guestCredential, api: guestApi('GuestPaymentPages') });
    await screen.findByText(/You found this account without signing in/);
    const logo = screen.getByRole('link', { name: 'Lighthouse Health Plan home' });
    expect(logo.getAttribute('href')).toBe('/payments/make-payment');
  });

  it('links the logo of a guest who may only ask to reinstate to the reinstatement page', async () => {
    renderPortal('/account-overview', {
      credential: guestCredential,
      api: guestApi('GuestPaymentTermedReinstateOnlyPages'),
    });
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
    renderPortal('/account-overview', {
      credential: memberCredential({ sub: 'm', preferred_username: 'maria.santos' }),
      api: memberApi,
    });
    expect(await screen.findByText('Hello, maria.santos')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
  });

  it('offers the member search only with the member-search permission', async () => {
    renderPortal('/account-overview', { credential: memberCredential(), api: memberApi });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  const staffCredential = () =>
    ({ ...memberCredential({ sub: 'cs', name: 'Denise Walsh' }), realm: 'workforce' }) as Credential;
  const nobody = () =>
    householdResponse([], {
      base: 'BindingPaymentOnlyPages',
      exchange: null,
      scenarios: ['BindingPaymentOnlyPages'],
    });

  it('sends customer service’s Exchange Subscriber ID search to the find-a-member page, where they choose the member and a reason (SPEC §2 member search, decision 043)', async () => {
    const { calls } = renderPortal('/account-overview', {
      credential: staffCredential(),
      api: {
        session: sessionInfo({
          kind: 'staff',
          roles: ['customer-service'],
          permissions: ['member-search'],
          displayName: 'Denise Walsh',
          actingSession: null,
        }),
        household: () => nobody(),
        custom: (method, path) =>
          method === 'POST' && path === '/api/v1/staff/member-search'
            ? json({ items: [], page: 1, pageSize: 10, total: 0 })
            : undefined,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Find a member' })).toBeTruthy();
    const search = await screen.findByRole('searchbox', {
      name: 'Search for a member by Exchange Subscriber ID',
    });
    expect(search.getAttribute('placeholder')).toBe('Exchange Subscriber ID');
    fireEvent.input(search, { target: { value: ' 0903333333 ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a member' })).toBeTruthy();
    await waitFor(() => {
      expect(
        calls.filter((call) => call.url === '/api/v1/staff/member-search').map((call) => call.body),
      ).toEqual([{ kind: 'exchangeId', exchangeSubscriberId: '0903333333', page: 1, pageSize: 10 }]);
    });
    // Nobody is opened by the search itself: no member looked up, no banner.
    expect(
      calls.some(
        (call) =>
          call.url === '/api/v1/Household/user' &&
          call.body !== undefined &&
          Object.keys(call.body as object).length > 0,
      ),
    ).toBe(false);
    expect(screen.queryByRole('region', { name: 'Member you are helping' })).toBeNull();
  });

  it('shows customer service whom they act for and why on every page, and ends it on the server with the banner’s button', async () => {
    const found = policySummary({
      policyHolder: { firstName: 'João', lastName: 'Silva' },
      exchangeSubscriberId: '0903333333',
    });
    const household = '00000000-0000-4000-8000-00000000b001';
    let acting = true;
    const actingSession = {
      id: '00000000-0000-4000-8000-00000000b002',
      householdId: household,
      policyId: null,
      memberId: null,
      memberName: 'João Silva',
      label: '0903333333',
      reason: 'member-called' as const,
      note: 'Asked about autopay',
      startedAt: '2026-11-23T14:00:00.000Z',
      idleExpiresAt: '2026-11-23T14:15:00.000Z',
    };
    const { calls } = renderPortal('/account-overview', {
      credential: staffCredential(),
      api: {
        household: (search) =>
          search === household
            ? householdResponse([found], {
                base: 'HouseholdAndPolicies',
                exchange: 'OffExchangePolicy',
                scenarios: ['HouseholdAndPolicies', 'OffExchangePolicy'],
              })
            : nobody(),
        policies: { [found.id]: policyDetail(found) },
        custom: (method, path) => {
          if (path === '/api/v1/session')
            return json(
              sessionInfo({
                kind: 'staff',
                roles: ['customer-service'],
                permissions: ['member-search'],
                displayName: 'Denise Walsh',
                actingSession: acting ? actingSession : null,
              }),
            );
          if (method === 'POST' && path === '/api/v1/staff/acting-session/end') {
            acting = false;
            return json({ ended: actingSession });
          }
          return undefined;
        },
      },
    });
    const banner = await screen.findByRole('region', { name: 'Member you are helping' });
    expect(within(banner).getByText('You are acting for João Silva (0903333333).')).toBeTruthy();
    expect(within(banner).getByText(/^Reason: the member called — Asked about autopay$/)).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'End acting for João Silva' }));
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Member you are helping' })).toBeNull();
    });
    expect(calls.filter((call) => call.url === '/api/v1/staff/acting-session/end')).toHaveLength(1);
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
    const clients = [
      policySummary(),
      policySummary({ policyHolder: { firstName: 'Rui', lastName: 'Almeida' } }),
    ];
    renderPortal('/account-overview', {
      credential: {
        ...memberCredential({ sub: 'b', name: 'Patrick Hughes' }),
        realm: 'workforce',
      } as Credential,
      api: {
        session: sessionInfo({
          kind: 'broker',
          roles: ['broker'],
          displayName: 'Patrick Hughes',
          brokerId: 'broker-1',
        }),
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
  const ids = [
    'privacyPolicy',
    'termsofUse',
    'nondiscriminationNotice',
    'accessibilityStatement',
    'contact',
    'languageAssistance',
  ];

  it('has one link per configured key, with footer-button ids, opening in a new tab', async () => {
    renderPortal('/home');
    await screen.findByRole('heading', { level: 1 });
    for (const key of ids) {
      const link = document.getElementById(`footer-button-${key}`);
      expect(link, key).not.toBeNull();
      expect(link?.getAttribute('target')).toBe('_blank');
      expect(link?.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByRole('link', { name: /Privacy policy/ }).getAttribute('href')).toBe(
      '/config/assets/en/privacy.html',
    );
    expect(document.getElementById('footer-button-nondiscriminationNotice')?.getAttribute('href')).toBe(
      '/config/assets/en/nondiscrimination.html',
    );
  });

  it('chooses the nondiscrimination notice by the member’s state and rebuilds the links in another language', async () => {
    renderPortal('/account-overview', { credential: memberCredential(), api: memberApi });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    await waitFor(() => {
      expect(document.getElementById('footer-button-nondiscriminationNotice')?.getAttribute('href')).toBe(
        '/config/assets/shared/nondiscrimination-ma.html',
      );
    });
    await act(() => changeLanguage('es'));
    expect(screen.getByRole('link', { name: /Política de privacidad/ }).getAttribute('href')).toBe(
      '/config/assets/es/privacy.html',
    );
    expect(document.getElementById('footer-button-nondiscriminationNotice')?.textContent).toContain(
      'Aviso de no discriminación',
    );
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
    testConfig({
      account: {
        chatbot: {
          roles: ['MEMBER'],
          scriptUrl: '/config/assets/chatbot.js',
          stylesheetUrl: '/config/assets/chatbot.css',
        },
      },
    });

  it('loads the configured script and stylesheet for a configured role (case-insensitive)', async () => {
    renderPortal('/account-overview', { config: config(), credential: memberCredential(), api: memberApi });
    await screen.findByRole('heading', { level: 1, name: 'Account overview' });
    await waitFor(() => {
      expect(document.querySelector('script#portal-chatbot-script')?.getAttribute('src')).toBe(
        '/config/assets/chatbot.js',
      );
    });
    expect(document.querySelector('link#portal-chatbot-style')?.getAttribute('href')).toBe(
      '/config/assets/chatbot.css',
    );
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

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HouseholdUserResponse, SessionInfo } from '@portal/contracts';
import { ACCOUNT_NOT_FOUND_PROBLEM } from '@portal/contracts';
import { householdResponse, policySummary, sessionInfo } from '../../test/fixtures';
import { testConfig } from '../../test/config';
import { json, memberCredential, renderPortal } from '../../test/render-portal';

const MEMBER = '00000000-0000-4000-9400-000000000001';

/** An account that is linked to nobody until the link succeeds; then the session and household say who. */
function renderHome(
  path: string,
  options: { link?: (body: unknown) => Response; config?: ReturnType<typeof testConfig> } = {},
) {
  let linked = false;
  const linkedHousehold = householdResponse([
    policySummary({ planName: 'Lighthouse Harbor Silver 500 HMO' }),
  ]);
  const session = (): SessionInfo =>
    sessionInfo({
      displayName: 'Ana Costa',
      memberId: linked ? MEMBER : null,
      householdId: linked ? (linkedHousehold.households[0]?.household.id ?? null) : null,
      actions: ['link-account', 'make-payment'],
    });
  const household = (): HouseholdUserResponse =>
    linked
      ? linkedHousehold
      : {
          households: [],
          policies: [],
          scenario: {
            base: 'BindingPaymentOnlyPages',
            exchange: null,
            scenarios: ['BindingPaymentOnlyPages'],
          },
          today: '2026-11-22',
        };
  const view = renderPortal(path, {
    credential: memberCredential({ sub: 'ana', name: 'Ana Costa' }),
    ...(options.config ? { config: options.config } : {}),
    api: {
      custom: (method, url, body) => {
        if (url === '/api/v1/session') return json(session());
        if (url === '/api/v1/Household/user') return json(household());
        if (method === 'POST' && url === '/api/v1/account/link') {
          const answer =
            options.link?.(body) ??
            json({
              memberId: MEMBER,
              householdId: linkedHousehold.households[0]?.household.id ?? null,
              policyCount: 1,
            });
          if (answer.status === 200) linked = true;
          return answer;
        }
        return undefined;
      },
    },
  });
  return view;
}

describe(
  'home area and linking an account (issue 12, SPEC §2 account/home, account/home/link-account)',
  { timeout: 30_000 },
  () => {
    it('welcomes a signed-in member by name, without the navigation, and offers to link an unlinked account; the upload-documents button shows per configuration', async () => {
      renderHome('/account/home');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana Costa' }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Link your account to your coverage' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Link my account' }).getAttribute('href')).toBe(
        '/home/link-account',
      );
      // SPEC §2: navigation hidden in the home area; the upload-documents button leads to additional products.
      expect(screen.queryByRole('complementary', { name: 'Member and menu' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Upload documents' }).getAttribute('href')).toBe(
        '/admin/additional-products/',
      );
      expect(screen.getByRole('button', { name: 'Sign out to sign in with another account' })).toBeTruthy();
    });

    it('hides the upload-documents button and the sign-in link when the tenant turns them off', async () => {
      renderHome('/home', {
        config: testConfig({
          account: { header: { displayUploadDocumentButton: false }, home: { showSignInLink: false } },
        }),
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana Costa' }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Upload documents' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Sign out to sign in with another account' })).toBeNull();
    });

    it('links with the member ID, date of birth and SSN; says "not found" without saying why; then shows the coverage', async () => {
      let answer = json(ACCOUNT_NOT_FOUND_PROBLEM, 404);
      const { calls } = renderHome('/home/link-account', { link: () => answer });
      const form = await screen.findByRole('form', { name: 'Your details' }, { timeout: 10_000 });
      fireEvent.click(within(form).getByRole('button', { name: 'Link my account' }));
      expect((await within(form).findAllByText('Policy number is required.')).length).toBeGreaterThan(0);
      fireEvent.input(within(form).getByRole('textbox', { name: /Policy number/ }), {
        target: { value: 'LHP-1000008-01' },
      });
      fireEvent.input(within(form).getByLabelText(/Date of birth/), { target: { value: '1995-07-27' } });
      fireEvent.input(within(form).getByRole('textbox', { name: /Social Security number/ }), {
        target: { value: '666-12-3456' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Link my account' }));
      expect(
        (await within(form).findAllByText(/Social Security number/, { selector: 'p' })).length,
      ).toBeGreaterThan(0);
      fireEvent.input(within(form).getByRole('textbox', { name: /Social Security number/ }), {
        target: { value: '212-55-4821' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Link my account' }));
      expect(
        await within(form).findByText(
          'We could not find a member with these details. Check them against your ID card and try again.',
        ),
      ).toBeTruthy();
      // Everything typed is kept.
      expect(
        within(form).getByRole<HTMLInputElement>('textbox', { name: /Social Security number/ }).value,
      ).toBe('212-55-4821');
      expect(calls.filter((call) => call.url === '/api/v1/account/link').at(-1)?.body).toEqual({
        identifierType: 'policyNumber',
        identifier: 'LHP-1000008-01',
        dateOfBirth: '1995-07-27',
        ssn: '212-55-4821',
      });

      answer = json({ memberId: MEMBER, householdId: null, policyCount: 1 });
      fireEvent.click(within(form).getByRole('button', { name: 'Link my account' }));
      expect(await screen.findByText('Your account is linked.')).toBeTruthy();
      expect(screen.getByText('You can now see your coverage: 1 policy.')).toBeTruthy();
      // Who-is-who was read again.
      await waitFor(() => {
        expect(calls.filter((call) => call.url === '/api/v1/session').length).toBeGreaterThan(1);
      });
      fireEvent.click(screen.getByRole('link', { name: 'See my coverage' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Account overview' }, { timeout: 10_000 }),
      ).toBeTruthy();
    });

    it('says when linking is paused after too many tries', async () => {
      renderHome('/home/link-account', {
        link: () =>
          json({ type: 'urn:portal:problem:rate-limited', title: 'Too many attempts', status: 429 }, 429),
      });
      const form = await screen.findByRole('form', { name: 'Your details' }, { timeout: 10_000 });
      fireEvent.input(within(form).getByRole('textbox', { name: /Policy number/ }), {
        target: { value: 'LHP-1000008-01' },
      });
      fireEvent.input(within(form).getByLabelText(/Date of birth/), { target: { value: '1995-07-27' } });
      fireEvent.input(within(form).getByRole('textbox', { name: /Social Security number/ }), {
        target: { value: '212-55-4821' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Link my account' }));
      expect(
        await within(form).findByText(
          'Too many unsuccessful tries. Please wait an hour and try again, or call Member Services.',
        ),
      ).toBeTruthy();
    });

    it('shows the no-plans page of an unlinked account with the way to link it', async () => {
      renderHome('/account-overview');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'No plans available' }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Link my account' }).getAttribute('href')).toBe(
        '/home/link-account',
      );
    });
  },
);

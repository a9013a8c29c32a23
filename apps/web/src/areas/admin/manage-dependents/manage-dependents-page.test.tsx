import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PolicyDetail, ServiceRequest } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const POLICY = id(50);
const ANA = id(51);
const PATH = '/admin/policy-selection/manage-dependents';
const ACTIONS = ['add-dependent', 'remove-dependent', 'create-service-request'];

function detail(summary: ReturnType<typeof policySummary>): PolicyDetail {
  const base = policyDetail(summary);
  return {
    ...base,
    members: [
      ...base.members,
      {
        id: ANA,
        folderId: 'F100000101',
        exchangeMemberId: null,
        firstName: 'Ana',
        lastName: 'Santos',
        dob: '2012-05-06',
        gender: 'female',
        relationship: 'child',
        ratingAge: 14,
        tobacco: false,
        ssnLast4: null,
        status: 'Active',
        spans: [{ startDate: '2025-01-01', endDate: null }],
        effectiveDate: '2025-01-01',
        endDate: null,
      },
    ],
  };
}

function request(override: Partial<ServiceRequest>): ServiceRequest {
  return {
    id: id(90),
    referenceNumber: 'SR-ABCD2345',
    type: 'add-dependent',
    status: 'Submitted',
    policyId: POLICY,
    policyNumber: 'LHP-1000001-01',
    subject: null,
    details: {},
    memberIds: [],
    effectiveDate: null,
    resolution: null,
    requestedBy: 'member',
    createdAt: '2026-11-23T12:00:00.000Z',
    updatedAt: '2026-11-23T12:00:00.000Z',
    version: 1,
    canCancel: true,
    history: [],
    attachments: [],
    ...override,
  };
}

function renderPage(
  options: {
    offExchange?: boolean;
    actions?: string[];
    answer?: (method: string, path: string, body: unknown) => Response | undefined;
    open?: ServiceRequest[];
  } = {},
) {
  const summary = policySummary({
    id: POLICY,
    offExchange: options.offExchange ?? true,
    exchangeSubscriberId: null,
  });
  const household = householdResponse([summary]);
  return renderPortal(PATH, {
    credential: memberCredential(),
    api: {
      session: sessionInfo({ actions: options.actions ?? ACTIONS }),
      household,
      policies: { [POLICY]: detail(summary) },
      custom: (method, path, body) => {
        const answer = options.answer?.(method, path, body);
        if (answer) return answer;
        if (method === 'GET' && path.endsWith('/service-requests'))
          return json({ items: options.open ?? [], openCount: (options.open ?? []).length });
        return undefined;
      },
    },
  });
}

const commandsOf = (calls: Call[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.includes('/dependents'));
const problem = (
  status: number,
  errors: { field: string; code: string; params?: Record<string, string | number> }[],
) =>
  json(
    {
      type: 'urn:portal:problem:unprocessable',
      title: 'Not possible',
      status,
      detail: 'Not possible',
      errors: errors.map((error) => ({ reason: error.code, ...error })),
    },
    status,
  );

/** Chooses an option of a select by the select's accessible name. */
async function choose(name: RegExp, option: string) {
  await userEvent.selectOptions(screen.getByRole('combobox', { name }), option);
}

describe(
  'manage dependents page (issue 11, SPEC §3 Member and Add-dependent form)',
  { timeout: 30_000 },
  () => {
    it('lists the policy’s people with relationship, date of birth, status and coverage dates; only dependents can be removed', async () => {
      renderPage();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Manage dependents' }, { timeout: 10_000 }),
      ).toBeTruthy();
      const people = await screen.findAllByTestId('policy-member');
      expect(people).toHaveLength(2);
      const [maria, ana] = people as [HTMLElement, HTMLElement];
      expect(within(maria).getByRole('heading', { name: 'María Santos' })).toBeTruthy();
      expect(within(maria).getByText('Subscriber · Born March 14, 1985')).toBeTruthy();
      expect(within(maria).queryByRole('button')).toBeNull();
      expect(within(ana).getByText('Child · Born May 6, 2012')).toBeTruthy();
      expect(within(ana).getByText('Active')).toBeTruthy();
      expect(within(ana).getByText('Covered from January 1, 2025')).toBeTruthy();
      expect(within(ana).getByRole('button', { name: 'Remove Ana Santos' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Add dependents' })).toBeTruthy();
    });

    it('sends an on-exchange policy’s household changes to the exchange instead of offering the forms', async () => {
      renderPage({ offExchange: false });
      const notice = await screen.findByRole(
        'region',
        { name: 'Report household changes to Massachusetts Health Connector' },
        { timeout: 10_000 },
      );
      expect(
        within(notice)
          .getByRole('link', { name: /Report the change at Massachusetts Health Connector/ })
          .getAttribute('href'),
      ).toBe('https://www.mahealthconnector.org/');
      expect(
        within(notice)
          .getByRole('link', { name: 'Call Massachusetts Health Connector at 1-877-623-6765' })
          .getAttribute('href'),
      ).toBe('tel:18776236765');
      await screen.findAllByTestId('policy-member');
      expect(screen.queryByRole('button', { name: 'Add dependents' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    });

    it('offers only what role-config allows: a broker may add but not remove', async () => {
      renderPage({ actions: ['add-dependent', 'create-service-request'] });
      expect(await screen.findByRole('button', { name: 'Add dependents' }, { timeout: 10_000 })).toBeTruthy();
      await screen.findAllByTestId('policy-member');
      expect(screen.queryByRole('button', { name: 'Remove Ana Santos' })).toBeNull();
    });

    it('adds a newborn: field errors keep what was typed, the SSN is checked, a review comes before sending', async () => {
      const sent = request({
        details: {
          lifeEvent: 'birth',
          lifeEventDate: '2026-11-20',
          coverageStartDate: '2026-11-20',
          dependents: [
            {
              firstName: 'Lucas',
              lastName: 'Santos',
              dob: '2026-11-20',
              gender: 'male',
              relationship: 'child',
              exchangeId: null,
              ssnLast4: '6789',
            },
          ],
        },
      });
      const { calls } = renderPage({
        answer: (method, path) =>
          method === 'POST' && path === `/api/v1/Policy/${POLICY}/dependents` ? json(sent, 201) : undefined,
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Add dependents' }, { timeout: 10_000 }));
      const form = await screen.findByRole('form', { name: 'Add dependents' });
      await waitFor(() => {
        expect(document.activeElement?.textContent).toBe('Add dependents');
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Review the request' }));
      expect((await within(form).findAllByText('What happened is required.')).length).toBeGreaterThan(0);
      expect(within(form).getAllByText('First name is required.').length).toBeGreaterThan(0);

      await choose(/What happened/, 'A birth');
      fireEvent.input(within(form).getByLabelText(/Date of the event/), { target: { value: '2026-11-20' } });
      expect(
        await within(form).findByRole('radio', { name: 'November 20, 2026 — the day of the event' }),
      ).toHaveProperty('checked', true);
      expect(
        within(form).getByRole('radio', { name: 'December 1, 2026 — the first day of next month' }),
      ).toBeTruthy();
      fireEvent.input(within(form).getByRole('textbox', { name: /First name/ }), {
        target: { value: 'Lucas' },
      });
      fireEvent.input(within(form).getByRole('textbox', { name: /Last name/ }), {
        target: { value: 'Santos' },
      });
      fireEvent.input(within(form).getByLabelText(/Date of birth/), { target: { value: '2026-11-19' } });
      await choose(/Sex/, 'Male');
      await choose(/Relationship/, 'Child');
      const exchangeId = within(form).getByRole('textbox', { name: /Exchange Member ID/ });
      fireEvent.input(exchangeId, { target: { value: 'AB12' } });
      const ssn = within(form).getByRole('textbox', { name: /Social Security number/ });
      fireEvent.input(ssn, { target: { value: '666-12-3456' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Review the request' }));
      expect(
        (await within(form).findAllByText('Social Security number cannot start with 666.')).length,
      ).toBeGreaterThan(0);
      expect(
        within(form).getAllByText('Exchange Member ID has exactly 10 letters and digits.').length,
      ).toBeGreaterThan(0);
      expect(
        within(form).getAllByText('Date of birth of a newborn is the date of the birth.').length,
      ).toBeGreaterThan(0);
      expect((ssn as HTMLInputElement).value).toBe('666-12-3456');
      expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /First name/ }).value).toBe('Lucas');
      expect(commandsOf(calls)).toEqual([]);

      fireEvent.input(within(form).getByLabelText(/Date of birth/), { target: { value: '2026-11-20' } });
      fireEvent.input(exchangeId, { target: { value: '' } });
      fireEvent.input(ssn, { target: { value: '214-53-6789' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Review the request' }));
      const review = await screen.findByRole('dialog', { name: 'Send this request?' });
      expect(
        within(review).getByText(
          /add Lucas Santos to policy Medical · Lighthouse Harbor Silver 500 HMO \(LHP-1000001-01\) because of: a birth on November 20, 2026\. If we approve it, their coverage starts on November 20, 2026\./,
        ),
      ).toBeTruthy();
      expect(commandsOf(calls)).toEqual([]);
      fireEvent.click(within(review).getByRole('button', { name: 'Send request' }));
      const done = await screen.findByTestId('dependents-request-sent');
      expect(within(done).getByRole('heading', { name: 'Request sent: Add Lucas Santos' })).toBeTruthy();
      expect(within(done).getByText(/Your reference is SR-ABCD2345/)).toBeTruthy();
      expect(
        within(done).getByRole('link', { name: 'Follow it on your service requests' }).getAttribute('href'),
      ).toBe('/admin/policy-selection/service-requests');
      expect(commandsOf(calls)).toEqual([
        expect.objectContaining({
          body: {
            lifeEvent: 'birth',
            lifeEventDate: '2026-11-20',
            coverageStartDate: '2026-11-20',
            dependents: [
              {
                firstName: 'Lucas',
                lastName: 'Santos',
                dob: '2026-11-20',
                gender: 'male',
                relationship: 'child',
                ssn: '214-53-6789',
              },
            ],
          },
        }),
      ]);
    });

    it('takes at most members.numberOfAddDependents people in one request', async () => {
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Add dependents' }, { timeout: 10_000 }));
      const add = await screen.findByRole('button', { name: 'Add another person' });
      fireEvent.click(add);
      fireEvent.click(add);
      await waitFor(() => {
        expect(screen.getAllByRole('group', { name: /^Person \d$/ })).toHaveLength(3);
      });
      expect(add.hasAttribute('disabled')).toBe(true);
      expect(screen.getByText('You can add up to 3 people in one request.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Take person 2 off this request' }));
      await waitFor(() => {
        expect(screen.getAllByRole('group', { name: /^Person \d$/ })).toHaveLength(2);
      });
      expect(add.hasAttribute('disabled')).toBe(false);
    });

    it('puts the server’s refusal on its field, translated, keeping what was typed (pt)', async () => {
      await changeLanguage('pt', false);
      try {
        renderPage({
          answer: (method, path) =>
            method === 'POST' && path.endsWith('/dependents')
              ? problem(422, [
                  {
                    field: 'body.dependents.0.firstName',
                    code: 'already-on-policy',
                    params: { name: 'Ana Santos' },
                  },
                ])
              : undefined,
        });
        fireEvent.click(
          await screen.findByRole('button', { name: 'Incluir dependentes' }, { timeout: 10_000 }),
        );
        const form = await screen.findByRole('form', { name: 'Incluir dependentes' });
        await choose(/Evento de vida/, 'Uma adoção ou colocação para adoção');
        fireEvent.input(within(form).getByLabelText(/Data do evento/), { target: { value: '2026-11-10' } });
        fireEvent.input(within(form).getByRole('textbox', { name: /^Nome/ }), { target: { value: 'Ana' } });
        fireEvent.input(within(form).getByRole('textbox', { name: /Sobrenome/ }), {
          target: { value: 'Santos' },
        });
        fireEvent.input(within(form).getByLabelText(/Data de nascimento/), {
          target: { value: '2012-05-06' },
        });
        await choose(/Sexo/, 'Feminino');
        await choose(/Parentesco/, 'Filho ou filha');
        fireEvent.click(within(form).getByRole('button', { name: 'Revisar a solicitação' }));
        fireEvent.click(
          within(await screen.findByRole('dialog', { name: 'Enviar esta solicitação?' })).getByRole(
            'button',
            { name: 'Enviar solicitação' },
          ),
        );
        expect(
          (await within(form).findAllByText('Ana Santos já tem cobertura nesta apólice.')).length,
        ).toBeGreaterThan(0);
        expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /^Nome/ }).value).toBe('Ana');
      } finally {
        await changeLanguage('en', false);
      }
    });

    it('removes a dependent: the death window, what ends and when, and a confirmation before sending', async () => {
      const sent = request({
        type: 'remove-dependent',
        memberIds: [ANA],
        details: { memberName: 'Ana Santos', removalReason: 'death' },
      });
      const { calls } = renderPage({
        answer: (method, path) =>
          method === 'POST' && path === `/api/v1/Policy/${POLICY}/dependents/remove`
            ? json(sent, 201)
            : undefined,
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Remove Ana Santos' }, { timeout: 10_000 }));
      const form = await screen.findByRole('form', { name: 'Remove Ana Santos' });
      expect(screen.getByText(/Ana Santos \(child\) is covered on this policy/)).toBeTruthy();
      await choose(/Why they leave/, 'Death');
      const date = within(form).getByLabelText(/Date of death/);
      expect(within(form).getByText('From June 23, 2026 to today.')).toBeTruthy();
      fireEvent.input(date, { target: { value: '2026-06-22' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Review the request' }));
      expect(
        (
          await within(form).findAllByText(
            'Date of death: a death is reported within 5 months, and not for a future date.',
          )
        ).length,
      ).toBeGreaterThan(0);
      expect((date as HTMLInputElement).value).toBe('2026-06-22');
      fireEvent.input(date, { target: { value: '2026-11-10' } });
      expect(
        await within(form).findByText(
          'If we approve it, Ana Santos’s coverage ends on November 10, 2026, the date of death.',
        ),
      ).toBeTruthy();
      fireEvent.click(within(form).getByRole('button', { name: 'Review the request' }));
      const confirm = await screen.findByRole('dialog', { name: 'Remove Ana Santos from this policy?' });
      expect(
        within(confirm).getByText(/coverage on policy .* ends on November 10, 2026, the date of death/),
      ).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Go back' }));
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).toBeNull();
      });
      expect(commandsOf(calls)).toEqual([]);

      await choose(/Why they leave/, 'Moved out of the household');
      fireEvent.input(within(form).getByLabelText(/Date it happens/), { target: { value: '2026-12-10' } });
      expect(
        await within(form).findByText(
          /coverage ends on December 31, 2026: the last day of the month it happens in/,
        ),
      ).toBeTruthy();
      fireEvent.click(within(form).getByRole('button', { name: 'Review the request' }));
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: 'Remove Ana Santos from this policy?' })).getByRole(
          'button',
          { name: 'Send request' },
        ),
      );
      expect(await screen.findByRole('heading', { name: 'Request sent: Remove Ana Santos' })).toBeTruthy();
      expect(commandsOf(calls)).toEqual([
        expect.objectContaining({
          body: { memberId: ANA, removalReason: 'moved-out', removalDate: '2026-12-10', note: '' },
        }),
      ]);
    });

    it('shows open dependent requests and does not offer to remove someone twice', async () => {
      renderPage({
        open: [
          request({
            type: 'remove-dependent',
            memberIds: [ANA],
            details: { memberName: 'Ana Santos' },
            status: 'InReview',
          }),
        ],
      });
      const open = await screen.findByRole(
        'region',
        { name: 'Requests waiting for review' },
        { timeout: 10_000 },
      );
      expect(within(open).getByText('Remove Ana Santos')).toBeTruthy();
      expect(within(open).getByText(/Reference SR-ABCD2345, sent November 23, 2026: in review/)).toBeTruthy();
      await screen.findAllByTestId('policy-member');
      expect(screen.queryByRole('button', { name: 'Remove Ana Santos' })).toBeNull();
    });
  },
);

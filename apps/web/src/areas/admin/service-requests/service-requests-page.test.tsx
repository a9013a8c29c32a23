import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceRequest } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const POLICY = id(40);

function request(n: number, override: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    id: id(100 + n),
    referenceNumber: `SR-TEST000${n}`,
    type: 'general',
    status: 'Submitted',
    policyId: POLICY,
    policyNumber: 'LHP-1000001-01',
    subject: 'Replacement ID card',
    details: { message: 'I lost my card.' },
    memberIds: [],
    effectiveDate: null,
    resolution: null,
    requestedBy: 'member',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    canCancel: true,
    history: [{ status: 'Submitted', at: '2026-11-20T10:00:00.000Z', by: 'member', note: null }],
    attachments: [],
    ...override,
  };
}

function renderPage(
  options: {
    items?: ServiceRequest[];
    answer?: (method: string, path: string, body: unknown) => Response | undefined;
    path?: string;
  } = {},
) {
  const summary = policySummary({ id: POLICY });
  const household = householdResponse([summary]);
  const householdId = household.households[0]?.household.id ?? '';
  const { calls } = renderPortal(options.path ?? '/admin/policy-selection/service-requests', {
    credential: memberCredential(),
    api: {
      session: sessionInfo({ actions: ['make-payment', 'create-service-request'] }),
      household,
      custom: (method, path, body) => {
        const answer = options.answer?.(method, path, body);
        if (answer) return answer;
        if (method === 'GET' && path === `/api/v1/Household/${householdId}/service-requests`) {
          const items = options.items ?? [];
          return json({
            items,
            openCount: items.filter((item) => item.status === 'Submitted' || item.status === 'InReview')
              .length,
          });
        }
        return undefined;
      },
    },
  });
  return { calls, householdId };
}

const problem = (status: number, body: object) =>
  json({ type: 'urn:portal:problem:unprocessable', title: 'Not possible', status, ...body }, status);

describe('service requests page (issue 11)', { timeout: 30_000 }, () => {
  it('lists each request with where it stands, what was asked and its history with staff’s notes', async () => {
    renderPage({
      items: [
        request(1),
        request(2, {
          type: 'change-plan',
          subject: null,
          status: 'Rejected',
          canCancel: false,
          resolution: 'The plan is not sold in your area.',
          details: { effectiveDate: '2027-01-01' },
          history: [
            { status: 'Submitted', at: '2026-11-10T10:00:00.000Z', by: 'member', note: null },
            { status: 'InReview', at: '2026-11-11T10:00:00.000Z', by: 'staff', note: null },
            {
              status: 'Rejected',
              at: '2026-11-12T10:00:00.000Z',
              by: 'staff',
              note: 'The plan is not sold in your area.',
            },
          ],
        }),
      ],
    });
    const first = await screen.findByRole('article', { name: 'Replacement ID card' }, { timeout: 10_000 });
    expect(within(first).getByText('Submitted')).toBeTruthy();
    expect(within(first).getByText('Reference SR-TEST0001')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Cancel request' })).toBeTruthy();
    expect(screen.getByText('1 open request')).toBeTruthy();
    const rejected = screen.getByRole('article', { name: 'Change plan' });
    expect(within(rejected).getByText('Outcome: The plan is not sold in your area.')).toBeTruthy();
    expect(within(rejected).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    fireEvent.click(within(rejected).getByRole('button', { name: 'Details of request SR-TEST0002' }));
    expect(within(rejected).getByText('Rejected on November 12, 2026 (our staff)')).toBeTruthy();
    expect(
      within(rejected).getByText('Note from our staff: The plan is not sold in your area.'),
    ).toBeTruthy();
    expect(within(rejected).getByText('January 1, 2027')).toBeTruthy();
  });

  it('says so when there are none, in the member’s language', async () => {
    await changeLanguage('pt');
    renderPage();
    expect(
      await screen.findByText('Você ainda não tem solicitações de serviço.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    await changeLanguage('en');
  });

  it('cancels a request after asking, with the version the member saw; says so when staff took it up meanwhile', async () => {
    let cancelAnswer: Response = json(request(1, { status: 'Cancelled', canCancel: false, version: 2 }));
    const { calls } = renderPage({
      items: [request(1)],
      answer: (method, path) =>
        method === 'PUT' && path === `/api/v1/ServiceRequest/${id(101)}/cancel` ? cancelAnswer : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel request' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel request SR-TEST0001?' });
    // The safe choice is focused first.
    expect(document.activeElement?.textContent).toBe('No, keep it');
    cancelAnswer = problem(422, {
      errors: [{ field: 'params.id', code: 'not-allowed-now', reason: 'in review' }],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the request' }));
    expect(
      await within(dialog).findByText(
        'This request can no longer be cancelled: our staff have started on it.',
      ),
    ).toBeTruthy();
    const sent = calls.find((call: Call) => call.method === 'PUT');
    expect(sent?.body).toEqual({ version: 1 });
    cancelAnswer = json(request(1, { status: 'Cancelled', canCancel: false, version: 2 }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the request' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('sends a general request; a refusal keeps what was typed and says what is wrong on the field', async () => {
    let answer: Response = problem(422, {
      errors: [{ field: 'body.attachment', code: 'file-type-not-accepted', reason: 'type' }],
    });
    const { calls, householdId } = renderPage({
      answer: (method, path) =>
        method === 'POST' && path === `/api/v1/Household/${householdId}/service-requests`
          ? answer
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New request' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Subject is required.')).toBeTruthy();
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Subject/ }), {
      target: { value: 'Letter from my doctor' },
    });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Message/ }), {
      target: { value: 'Who should I send it to?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    // Said on the field (and by the form's alert, which moves focus to it).
    expect(
      (
        await within(dialog).findAllByText(
          'Document (optional): only PDF, JPEG and PNG files can be attached.',
        )
      ).length,
    ).toBeGreaterThan(0);
    const fileInput = within(dialog).getByLabelText('Document (optional)');
    expect(fileInput.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(fileInput.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'only PDF, JPEG and PNG files',
    );
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Subject/ }).value).toBe(
      'Letter from my doctor',
    );
    const posted = calls.find(
      (call: Call) => call.method === 'POST' && call.url.includes('/service-requests'),
    );
    expect(posted?.body).toEqual({
      subject: 'Letter from my doctor',
      message: 'Who should I send it to?',
      policyId: POLICY,
    });
    answer = json(request(3, { referenceNumber: 'SR-NEW00003', subject: 'Letter from my doctor' }), 201);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/We received your request SR-NEW00003/)).toBeTruthy();
  });

  it('shows every request of the household on the alternative page, each with its policy', async () => {
    renderPage({
      path: '/admin/service-requests-alt',
      items: [
        request(1),
        request(4, { policyId: null, policyNumber: null, subject: 'Question about my bill' }),
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All your requests' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      within(await screen.findByRole('article', { name: 'Replacement ID card' })).getByText(
        'Policy LHP-1000001-01',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Question about my bill' })).getByText(
        'Not about one policy',
      ),
    ).toBeTruthy();
  });
});

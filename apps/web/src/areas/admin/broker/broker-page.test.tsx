import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceRequest } from '@portal/contracts';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9200-${String(n).padStart(12, '0')}`;
const POLICY = id(1);
const CURRENT = {
  id: id(2),
  npn: '18406275',
  firstName: 'Patrick',
  lastName: 'Hughes',
  agencyName: 'Hughes Family Insurance Agency',
  email: 'patrick@hughes.example',
  phone: '(508) 555-0101',
};
const OTHER = {
  id: id(3),
  npn: '20000001',
  firstName: 'Renata',
  lastName: 'Oliveira',
  agencyName: 'MetroWest Seguros e Benefícios',
  email: null,
  phone: '(508) 555-0188',
};

function request(details: Record<string, unknown>): ServiceRequest {
  return {
    id: id(50),
    referenceNumber: 'SR-BRK00001',
    type: 'change-broker',
    status: 'Submitted',
    policyId: POLICY,
    policyNumber: 'LHP-1000001-01',
    subject: null,
    details,
    memberIds: [],
    effectiveDate: null,
    resolution: null,
    requestedBy: 'member',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    canCancel: true,
    history: [],
    attachments: [],
  };
}

function renderPage(
  options: { change?: (body: unknown) => Response; searchFails?: boolean; open?: ServiceRequest[] } = {},
) {
  const summary = policySummary({ id: POLICY });
  return renderPortal('/admin/policy-selection/broker', {
    credential: memberCredential(),
    api: {
      session: sessionInfo({ actions: ['change-broker', 'create-service-request'] }),
      household: householdResponse([summary]),
      policies: { [POLICY]: policyDetail(summary, { broker: CURRENT }) },
      custom: (method, path, body) => {
        if (method === 'GET' && path === '/api/v1/Broker/search') {
          if (options.searchFails)
            return json({ type: 'urn:portal:problem:internal-error', title: 'Error', status: 500 }, 500);
          return json({ items: [CURRENT, OTHER] });
        }
        if (method === 'POST' && path === `/api/v1/Policy/${POLICY}/broker`)
          return (
            options.change?.(body) ??
            json(request({ change: 'change', newBrokerName: 'Renata Oliveira' }), 201)
          );
        if (method === 'GET' && path.endsWith('/service-requests'))
          return json({ items: options.open ?? [], openCount: (options.open ?? []).length });
        return undefined;
      },
    },
  });
}

describe('broker page (issue 12, SPEC §2 /admin/policy-selection/broker)', { timeout: 30_000 }, () => {
  it('shows the broker of record, finds a broker by NPN and asks to change to them with the member’s authorization', async () => {
    const { calls } = renderPage();
    const current = await screen.findByRole('region', { name: 'Broker of record' }, { timeout: 10_000 });
    expect(within(current).getByText('Patrick Hughes')).toBeTruthy();
    expect(within(current).getByText('Hughes Family Insurance Agency')).toBeTruthy();
    expect(within(current).getByText('18406275')).toBeTruthy();
    expect(within(current).getByRole('link', { name: '(508) 555-0101' }).getAttribute('href')).toBe(
      'tel:5085550101',
    );

    // At least one criterion, an NPN of digits.
    fireEvent.input(screen.getByRole('textbox', { name: 'NPN' }), { target: { value: '20ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search brokers' }));
    expect((await screen.findAllByText('NPN has up to 10 digits.')).length).toBeGreaterThan(0);
    fireEvent.input(screen.getByRole('textbox', { name: 'NPN' }), { target: { value: '20000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search brokers' }));
    expect(await screen.findByText('2 brokers found.')).toBeTruthy();
    const results = screen.getByRole('list', { name: 'Brokers found' });
    expect(within(results).getByText('Your broker now')).toBeTruthy();
    fireEvent.click(within(results).getByRole('button', { name: 'Choose Renata Oliveira' }));

    const dialog = await screen.findByRole('dialog', { name: 'Make Renata Oliveira your broker?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for the change' }));
    expect(
      (await within(dialog).findAllByText('Tick the box to authorize the new broker.')).length,
    ).toBeGreaterThan(0);
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: /I authorize Renata Oliveira \(NPN 20000001\) to act as my broker of record/,
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for the change' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls.find((call) => call.method === 'POST' && call.url.endsWith('/broker'))?.body).toEqual({
      change: 'change',
      brokerId: OTHER.id,
      authorize: true,
    });
    expect(await screen.findByText('We received your request to change your broker.')).toBeTruthy();
    expect(screen.getByText(/Reference SR-BRK00001\. Our staff will review it/)).toBeTruthy();
  });

  it('asks before removing the broker, and says a refusal in the dialog', async () => {
    const { calls } = renderPage({
      change: () =>
        json(
          {
            type: 'urn:portal:problem:unprocessable',
            title: 'Not possible',
            status: 422,
            errors: [
              {
                field: 'params.policyId',
                code: 'request-pending',
                reason: 'open',
                params: { reference: 'SR-OLD00001' },
              },
            ],
          },
          422,
        ),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Ask to remove this broker' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Patrick Hughes as your broker?' });
    expect(document.activeElement?.textContent).toBe('Keep my broker');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove the broker' }));
    expect(
      await within(dialog).findByText(
        'A broker request for this policy is still open (reference SR-OLD00001).',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.url.endsWith('/broker'))?.body).toEqual({
      change: 'remove',
    });
  });

  it('shows a request still open instead of the search', async () => {
    renderPage({ open: [request({ change: 'change', newBrokerName: 'Renata Oliveira' })] });
    expect(
      await screen.findByText('You asked for Renata Oliveira to be your broker.', undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Search brokers' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel this request' })).toBeTruthy();
  });

  it('sends a failed broker search to the error page (SPEC §8: it feeds the global error)', async () => {
    renderPage({ searchFails: true });
    fireEvent.input(await screen.findByRole('textbox', { name: 'Broker’s last name' }, { timeout: 10_000 }), {
      target: { value: 'Oli' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search brokers' }));
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Something went wrong on our side' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});

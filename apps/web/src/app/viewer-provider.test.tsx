import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../test/fixtures';
import { json, memberCredential, renderPortal, type FakeApi } from '../test/render-portal';

/** A session answer the test lets through when it chooses. */
function heldSession(session = sessionInfo()) {
  let release: () => void = () => undefined;
  const answer = new Promise<Response>((resolve) => {
    release = () => {
      resolve(json(session));
    };
  });
  return {
    answer,
    release: () =>
      act(async () => {
        release();
        await answer;
      }),
  };
}

describe('who is signed in and what they may see (viewer)', () => {
  it('asks for the household beside the session, not after it, when nobody is being acted for', async () => {
    const maria = policySummary();
    const held = heldSession();
    const api: FakeApi = {
      household: householdResponse([maria]),
      policies: { [maria.id]: policyDetail(maria) },
      custom: (_method, path) => (path === '/api/v1/session' ? held.answer : undefined),
    };
    const { calls } = renderPortal('/account-overview', { credential: memberCredential(), api });
    await waitFor(() => {
      expect(calls.map((call) => call.url)).toContain('/api/v1/Household/user');
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Account overview' })).toBeNull();
    await held.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account overview' })).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/v1/Household/user')).toHaveLength(1);
  });

  it('waits for the session before looking up a member staff act for: the server’s acting session, not the tab’s memory, names them', async () => {
    const joao = policySummary();
    const household = '00000000-0000-4000-8000-00000000a001';
    const remembered = '00000000-0000-4000-8000-00000000a002';
    const actingSession = {
      id: '00000000-0000-4000-8000-00000000a003',
      householdId: household,
      policyId: null,
      memberId: null,
      memberName: 'João Silva',
      label: '0903333333',
      reason: 'member-called' as const,
      note: null,
      startedAt: '2026-11-23T14:00:00.000Z',
      idleExpiresAt: '2026-11-23T14:15:00.000Z',
    };
    const held = heldSession(
      sessionInfo({
        kind: 'staff',
        roles: ['customer-service'],
        permissions: ['member-search'],
        displayName: 'Denise Walsh',
        actingSession,
      }),
    );
    const api: FakeApi = {
      household: (search) => householdResponse(search === household ? [joao] : []),
      policies: { [joao.id]: policyDetail(joao) },
      custom: (_method, path) => (path === '/api/v1/session' ? held.answer : undefined),
    };
    // The tab remembers another member (an acting session ended elsewhere since): it waits for the server's word.
    const { calls } = renderPortal('/account-overview', {
      credential: memberCredential(),
      api,
      actingFor: { idType: 'Household', id: remembered },
    });
    await waitFor(() => {
      expect(calls.map((call) => call.url)).toContain('/api/v1/session');
    });
    expect(calls.map((call) => call.url)).not.toContain('/api/v1/Household/user');
    await held.release();
    await waitFor(() => {
      expect(calls.filter((call) => call.url === '/api/v1/Household/user').map((call) => call.body)).toEqual([
        { householdId: household },
      ]);
    });
    expect(await screen.findByText('You are acting for João Silva (0903333333).')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('session') ?? 'null')).toMatchObject({
      idType: 'Household',
      id: household,
    });
  });
});

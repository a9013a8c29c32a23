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

  it('waits for the session before looking up a member it is acting for (the permission decides the lookup)', async () => {
    const joao = policySummary();
    const held = heldSession(sessionInfo({ kind: 'staff', roles: ['customer-service'], permissions: ['member-search'], displayName: 'Denise Walsh' }));
    const api: FakeApi = {
      household: (search) => householdResponse(search === '0903333333' ? [joao] : []),
      policies: { [joao.id]: policyDetail(joao) },
      custom: (_method, path) => (path === '/api/v1/session' ? held.answer : undefined),
    };
    const { calls } = renderPortal('/account-overview', { credential: memberCredential(), api, actingFor: { idType: 'ExchangeId', id: '0903333333' } });
    await waitFor(() => {
      expect(calls.map((call) => call.url)).toContain('/api/v1/session');
    });
    expect(calls.map((call) => call.url)).not.toContain('/api/v1/Household/user');
    await held.release();
    await waitFor(() => {
      expect(calls.filter((call) => call.url === '/api/v1/Household/user').map((call) => call.body)).toEqual([{ exchangeSubscriberId: '0903333333' }]);
    });
  });
});

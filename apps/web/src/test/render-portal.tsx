import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { HouseholdUserResponse, PolicyDetail, SessionInfo } from '@portal/contracts';
import { PortalProviders, createQueryClient } from '../app/portal-app';
import { PortalRoutes } from '../app/router';
import type { RuntimeConfig } from '../config/load-config';
import { getCredential, setCredential, type Credential } from '../lib/auth/credentials';
import { resetPortalState, updatePortalState, type ActingFor } from '../lib/portal-state';
import { testConfig } from './config';

export interface FakeApi {
  session?: SessionInfo;
  /** The household answer, or a function of the member looked up (exchange subscriber id, household or policy id sent). */
  household?: HouseholdUserResponse | ((search: string | null) => HouseholdUserResponse);
  policies?: Record<string, PolicyDetail>;
  unread?: number;
  /** Answers chosen by the test, tried first (e.g. locate-account outcomes); a promise holds the answer back. */
  custom?: (method: string, path: string, body: unknown) => Response | Promise<Response> | undefined;
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
  /** Must stay null: the web app never holds a token (docs/decisions/050). */
  authorization: string | null;
  /** The X-Portal-CSRF header the web app sends to its server. */
  csrf: string | null;
}

export const memberCredential = (profile: Record<string, string> = { name: 'María Santos' }): Credential => ({
  kind: 'oidc',
  realm: 'consumer',
  key: 'member-session-key',
  profile,
});

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A stand-in for the portal API: answers the calls the shell and the overview make. */
export function fakeFetch(api: FakeApi, calls: Call[]) {
  return vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost:3000').pathname;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({
      method: init?.method ?? 'GET',
      url: path,
      body,
      authorization: headers.get('Authorization'),
      csrf: headers.get('X-Portal-CSRF'),
    });
    const custom = api.custom?.(init?.method ?? 'GET', path, body);
    if (custom) return Promise.resolve(custom);
    if (path === '/api/v1/session' && api.session) return Promise.resolve(json(api.session));
    if (path === '/api/v1/Household/user' && api.household) {
      const sent = body as
        { exchangeSubscriberId?: string; householdId?: string; policyId?: string } | undefined;
      const search = sent?.exchangeSubscriberId ?? sent?.householdId ?? sent?.policyId ?? null;
      return Promise.resolve(
        json(typeof api.household === 'function' ? api.household(search) : api.household),
      );
    }
    const policy = /^\/api\/v1\/Policy\/(.+)$/.exec(path)?.[1];
    if (policy && api.policies?.[policy]) return Promise.resolve(json(api.policies[policy]));
    if (path === '/api/v1/Notification/unread-count')
      return Promise.resolve(json({ count: api.unread ?? 0 }));
    if (path === '/auth/end') return Promise.resolve(new Response(null, { status: 204 }));
    if (path === '/auth/sign-out') return Promise.resolve(json({ next: null }));
    // The server knows the session the test renders with.
    if (path === '/auth/session') {
      const credential = getCredential();
      if (!credential) return Promise.resolve(json({ signedIn: false }));
      return Promise.resolve(json({ signedIn: true, ...credential, idleSeconds: 1230 }));
    }
    if (path === '/api/v1/Logging') return Promise.resolve(json({ accepted: 1 }));
    if (path === '/api/health')
      return Promise.resolve(
        json({ status: 'ok', version: 'test', database: { status: 'up', driver: 'pglite' } }),
      );
    return Promise.resolve(
      json({ type: 'urn:portal:problem:not-found', title: 'Not found', status: 404 }, 404),
    );
  });
}

/** Renders the whole portal (shell + routes) at `path`, signed in when a credential is given. */
export function renderPortal(
  path: string,
  options: {
    config?: RuntimeConfig;
    credential?: Credential | null;
    api?: FakeApi;
    actingFor?: ActingFor;
  } = {},
) {
  const calls: Call[] = [];
  resetPortalState();
  // A member looked up earlier in this tab (staff and brokers), as a reload finds it in session storage.
  if (options.actingFor) updatePortalState({ actingFor: options.actingFor });
  setCredential(options.credential ?? null);
  vi.stubGlobal('fetch', fakeFetch(options.api ?? {}, calls));
  const queryClient = createQueryClient();
  const view = render(
    <PortalProviders config={options.config ?? testConfig()} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <PortalRoutes />
      </MemoryRouter>
    </PortalProviders>,
  );
  return { ...view, calls, queryClient };
}

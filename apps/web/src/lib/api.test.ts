import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, configureApi, mayAttachToken } from './api';

describe('the API client (SPEC §6, §8)', () => {
  afterEach(() => {
    configureApi({ isSignedIn: () => false, onSessionEnded: () => undefined });
  });

  it('sends its credentials and the CSRF header only to the portal API on this site', () => {
    expect(mayAttachToken('/api/v1/session')).toBe(true);
    expect(mayAttachToken('http://localhost:3000/api/v1/session')).toBe(true);
    expect(mayAttachToken('/config/account.json')).toBe(false);
    expect(mayAttachToken('https://chat.example.com/api/v1/session')).toBe(false);
    expect(mayAttachToken('//evil.example/api/')).toBe(false);
  });

  it('treats a 401 on a call made while signed in as the end of the session; sends no token, only the cookie and the CSRF header', async () => {
    const ended = vi.fn();
    configureApi({ isSignedIn: () => true, onSessionEnded: ended });
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            type: 'urn:portal:problem:unauthenticated',
            title: 'Sign-in required',
            status: 401,
          }),
          { status: 401 },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiGet('/api/v1/session', (c) => c.SessionInfoSchema)).rejects.toMatchObject({
      status: 401,
      type: 'urn:portal:problem:unauthenticated',
    });
    expect(ended).toHaveBeenCalledOnce();
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('X-Portal-CSRF')).toBe('1');
    expect(init.credentials).toBe('same-origin');
  });

  it('refuses an answer that does not match the contract', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ kind: 'nobody' }), { status: 200 }))),
    );
    await expect(apiGet('/api/v1/session', (c) => c.SessionInfoSchema)).rejects.toThrow();
  });
});

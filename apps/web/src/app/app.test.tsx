import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../i18n';
import { householdResponse, sessionInfo } from '../test/fixtures';
import { fakeFetch, memberCredential, renderPortal, type Call } from '../test/render-portal';
import { App } from './app';

describe('startup (SPEC §4, §8)', () => {
  it('shows a translated error page and logs the failure when the configuration cannot be loaded', async () => {
    await changeLanguage('pt', false);
    const calls: Call[] = [];
    vi.stubGlobal('fetch', fakeFetch({}, calls));
    render(<App />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Não foi possível iniciar o portal' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recarregar a página' })).toBeTruthy();
    const log = calls.find((call) => call.url === '/api/v1/Logging');
    expect(JSON.stringify(log?.body)).toContain('Error Loading Configurations or Languages');
  });
});

describe('global API errors (SPEC §8)', () => {
  it('opens /error/500 when a page’s data cannot be loaded', async () => {
    renderPortal('/account-overview', { credential: memberCredential(), api: { session: sessionInfo() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong on our side' }),
    ).toBeTruthy();
  });

  it('issue 40: a 503 (briefly unavailable) opens the translated “try again in a moment” page, not /error/500, and Try again goes back', async () => {
    await changeLanguage('es', false);
    let down = true;
    const unavailable = () =>
      new Response(
        JSON.stringify({
          type: 'urn:portal:problem:service-unavailable',
          title: 'Service unavailable',
          status: 503,
        }),
        {
          status: 503,
          headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '5' },
        },
      );
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([]),
        custom: (_method, path) => (down && path === '/api/v1/Household/user' ? unavailable() : undefined),
      },
    });
    // The query tries once more before it fails (a second later).
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'El portal no está disponible por un momento' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Algo salió mal de nuestra parte' })).toBeNull();
    expect(
      screen.getByText(
        'Una parte de nuestro sistema no responde en este instante. Inténtelo de nuevo en unos segundos.',
      ),
    ).toBeTruthy();
    // Back up: Try again returns to the page the member was on.
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'No hay planes disponibles' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    await changeLanguage('en', false);
  }, 30_000);

  it('treats a 401 as the end of the session: the logged-out page, not the error page', async () => {
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        household: householdResponse([]),
        custom: (_method, path) =>
          path === '/api/v1/session'
            ? new Response(
                JSON.stringify({
                  type: 'urn:portal:problem:unauthenticated',
                  title: 'Sign-in required',
                  status: 401,
                }),
                { status: 401 },
              )
            : undefined,
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your session has timed out' })).toBeTruthy();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n, changeLanguage } from '../i18n';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('drops a leading account segment and lowercases the path (SPEC §2)', async () => {
    const router = renderAt('/Account/Error/500?from=x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong on our side' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error/500');
    expect(router.state.location.search).toBe('?from=x');
  });

  it('shows a translated not-found page for an unknown route and titles the document', async () => {
    const description = document.createElement('meta');
    description.name = 'description';
    document.head.append(description);
    await changeLanguage('es', false);
    renderAt('/payments/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esa página' })).toBeTruthy();
    expect(document.title).toBe('Página no encontrada | Portal para Miembros');
    expect(description.content).toBe('Página no encontrada');
    description.remove();
    await changeLanguage('en', false);
  });
});

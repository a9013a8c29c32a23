import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { Shell } from './layout/shell';
import { StartupSpinner } from './layout/startup-spinner';

/**
 * SPEC §2: a leading `account` segment is dropped and paths are lowercased before matching.
 * Returns the normalised path, or null when the path is already normal.
 */
function normalisedPath(pathname: string): string | null {
  const lower = pathname.toLowerCase();
  const withoutAccount = lower === '/account' ? '/' : lower.startsWith('/account/') ? lower.slice('/account'.length) : lower;
  return withoutAccount === pathname ? null : withoutAccount;
}

// Each area is its own chunk, loaded when first visited (SPEC §2: each area is loaded separately).
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    HydrateFallback: StartupSpinner,
    loader: ({ request }) => {
      const url = new URL(request.url);
      const normal = normalisedPath(url.pathname);
      return normal === null ? null : redirect(`${normal}${url.search}${url.hash}`);
    },
    children: [
      { index: true, lazy: () => import('../areas/home/home-page') },
      { path: 'home', lazy: () => import('../areas/home/home-page') },
      { path: 'error/500', lazy: () => import('../areas/error/server-error-page') },
      { path: '*', lazy: () => import('../areas/error/not-found-page') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

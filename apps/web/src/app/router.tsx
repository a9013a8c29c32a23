import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { setNavigator } from '../lib/navigator';
import { useRouteTitle } from '../ui/route-title';
import { Root } from './root';
import { EntryRedirect, RequireSignIn } from './route-guards';

/** A page of the portal: its path (SPEC §2), the translation key of its title (route data) and its module. */
export interface PortalRoute {
  path: string;
  titleKey: string;
  /** Private pages need sign-in (SPEC §6); public ones do not. */
  access: 'public' | 'private';
  Page: LazyExoticComponent<ComponentType>;
}

// Each area is its own chunk, loaded when first visited (SPEC §2: each area is loaded separately).
// Only pages that exist are routed; anything else is the translated not-found page.
export const ROUTES: readonly PortalRoute[] = [
  { path: '/home', titleKey: 'home.title', access: 'public', Page: lazy(() => import('../areas/home/home-page')) },
  {
    path: '/payments/locate-account',
    titleKey: 'locate.title',
    access: 'public',
    Page: lazy(() => import('../areas/payments/locate-account/locate-account-page')),
  },
  { path: '/auth/callback', titleKey: 'signIn.callbackTitle', access: 'public', Page: lazy(() => import('./auth/callback-page')) },
  { path: '/auth/asserted', titleKey: 'signIn.assertedTitle', access: 'public', Page: lazy(() => import('./auth/asserted-page')) },
  { path: '/auth/signed-out', titleKey: 'account.signedOut.pageTitle', access: 'public', Page: lazy(() => import('./auth/logged-out-page')) },
  { path: '/error/500', titleKey: 'serverError.title', access: 'public', Page: lazy(() => import('../areas/error/server-error-page')) },
  {
    path: '/account-overview',
    titleKey: 'overview.title',
    access: 'private',
    Page: lazy(() => import('../areas/account-overview/account-overview-page')),
  },
];

export const NOT_FOUND: PortalRoute = { path: '*', titleKey: 'notFound.title', access: 'public', Page: lazy(() => import('../areas/error/not-found-page')) };

/**
 * SPEC §2: a leading `account` segment is dropped and paths are lowercased before matching.
 * Returns the normalised path, or null when the path is already normal.
 */
export function normalisedPath(pathname: string): string | null {
  const lower = pathname.toLowerCase();
  const withoutAccount = lower === '/account' ? '/' : lower.startsWith('/account/') ? lower.slice('/account'.length) : lower;
  return withoutAccount === pathname ? null : withoutAccount;
}

/** Lets code outside React (the global API error handling) navigate. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => {
      void navigate(to, options);
    });
  }, [navigate]);
  return null;
}

/** The route table as React Router routes, after SPEC §2 path normalisation. */
export function PortalRoutes() {
  const location = useLocation();
  useRouteTitle([...ROUTES, NOT_FOUND]);
  const normal = normalisedPath(location.pathname);
  if (normal !== null) return <Navigate to={`${normal}${location.search}${location.hash}`} replace />;
  const page = ({ Page }: PortalRoute) => <Page />;
  return (
    <>
      <NavigatorBridge />
      <Routes>
        <Route element={<Root />}>
          {/* SPEC §2: the empty path → account-overview (signed in) or sign-in / locate-account. */}
          <Route index element={<EntryRedirect />} />
          {ROUTES.filter((route) => route.access === 'public').map((route) => (
            <Route key={route.path} path={route.path} element={page(route)} />
          ))}
          <Route element={<RequireSignIn />}>
            {ROUTES.filter((route) => route.access === 'private').map((route) => (
              <Route key={route.path} path={route.path} element={page(route)} />
            ))}
          </Route>
          <Route path="*" element={page(NOT_FOUND)} />
        </Route>
      </Routes>
    </>
  );
}

/** The browser's router around the portal's routes. */
export function PortalRouter() {
  return (
    <BrowserRouter>
      <PortalRoutes />
    </BrowserRouter>
  );
}

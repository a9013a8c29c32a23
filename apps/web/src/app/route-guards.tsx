import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import {
  DEFAULT_ROUTE,
  LOCATE_ACCOUNT_ROUTE,
  MEMBER_SEARCH_PERMISSION,
  unauthenticatedRedirect,
} from '@portal/domain';
import { useConfig } from '../config/config-context';
import { useCredential } from '../lib/auth/credentials';
import { useViewerState } from '../lib/viewer';
import { PUBLIC_ROUTES } from './routes';
import { NoPlansPage } from './layout/no-plans-page';
import { PageLoading } from './layout/page-loading';

/** Where a visitor who is not signed in goes instead of `path` (SPEC §2/§6), with the path to come back to. */
function SignInFirst({ path, remember = true }: { path: string; remember?: boolean }) {
  const config = useConfig();
  const outcome = unauthenticatedRedirect(path, {
    publicRoutes: PUBLIC_ROUTES,
    redirectToLocateAccount: config.account.locateAccount.redirectUnauthenticated,
  });
  if (outcome === 'allow') return <Outlet />;
  // The home page is the sign-in page: it offers member, staff/broker and guest entry, and passes
  // `from` on as the pre-sign-in route (SPEC §4 startup).
  return (
    <Navigate
      to={outcome === 'locate-account' ? LOCATE_ACCOUNT_ROUTE : '/home'}
      replace
      state={remember ? { from: path } : null}
    />
  );
}

/** SPEC §2: the empty path. */
export function EntryRedirect() {
  const credential = useCredential();
  if (credential) return <Navigate to={DEFAULT_ROUTE} replace />;
  // Nothing was asked for yet: sign-in simply leads to the default route.
  return <SignInFirst path={DEFAULT_ROUTE} remember={false} />;
}

/**
 * Private pages: sign-in first; then, while who-is-who loads, a loading state; then SPEC §2 root
 * states (the no-plans-available page when the member is not enrolled).
 */
export function RequireSignIn() {
  const credential = useCredential();
  const location = useLocation();
  const state = useViewerState();
  if (!credential) return <SignInFirst path={`${location.pathname}${location.search}`} />;
  if (state.status === 'loading' || state.status === 'signed-out') return <PageLoading />;
  // A failed load already went to the global error page (SPEC §8).
  if (state.status === 'error') return null;
  if (state.viewer.rootView === 'no-plans-available') return <NoPlansPage />;
  return <Outlet />;
}

/**
 * A guest located an account to pay it and may open nothing else (SPEC §4 guest scenarios): any other
 * private page answers as a page that does not exist. The API refuses the data as well.
 */
export function NotForGuests({ notFound }: { notFound: ReactNode }) {
  const state = useViewerState();
  if (state.status === 'ready' && state.viewer.session.kind === 'guest') return notFound;
  return <Outlet />;
}

/**
 * Staff pages (issue 13: find a member, member 360) are for staff with the member-search permission
 * (SPEC §6); to anyone else they answer as pages that do not exist. The API refuses the data as well.
 */
export function StaffOnly({ notFound }: { notFound: ReactNode }) {
  const state = useViewerState();
  if (
    state.status === 'ready' &&
    !(
      state.viewer.session.kind === 'staff' &&
      state.viewer.session.permissions.includes(MEMBER_SEARCH_PERMISSION)
    )
  )
    return notFound;
  return <Outlet />;
}

import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { setNavigator } from '../lib/navigator';
import { useRouteTitle } from '../ui/route-title';
import { Root } from './root';
import { EntryRedirect, NotForGuests, RequireSignIn, StaffOnly } from './route-guards';
import { NOT_FOUND_ROUTE, ROUTE_TABLE, type RouteEntry, type RoutePath } from './routes';

/** A page of the portal: its entry in the route table and its lazily loaded module. */
export interface PortalRoute extends RouteEntry {
  Page: LazyExoticComponent<ComponentType>;
}

// Each area is its own chunk, loaded when first visited (SPEC §2: each area is loaded separately).
// One module per path of the route table (app/routes.ts): the compiler asks for a page for every path.
const PAGES: Record<RoutePath, LazyExoticComponent<ComponentType>> = {
  '/home': lazy(() => import('../areas/home/home-page')),
  '/payments/locate-account': lazy(() => import('../areas/payments/locate-account/locate-account-page')),
  '/auth/callback': lazy(() => import('./auth/callback-page')),
  '/auth/asserted': lazy(() => import('./auth/asserted-page')),
  '/auth/signed-out': lazy(() => import('./auth/logged-out-page')),
  '/error/500': lazy(() => import('../areas/error/server-error-page')),
  '/payments/wallet': lazy(() => import('../areas/payments/wallet/wallet-page')),
  '/account-overview': lazy(() => import('../areas/account-overview/account-overview-page')),
  '/payments/make-payment': lazy(() => import('../areas/payments/make-payment/make-payment-page')),
  '/payments/binding-payment': lazy(() => import('../areas/payments/binding-payment/binding-payment-page')),
  '/payments/payment-history': lazy(() => import('../areas/payments/payment-history/payment-history-page')),
  '/payments/autopay': lazy(() => import('../areas/payments/autopay/autopay-page')),
  '/payments/scheduled-payments': lazy(() => import('../areas/payments/scheduled-payments/scheduled-payments-page')),
  '/payments/payment-history/:paymentId': lazy(() => import('../areas/payments/receipt/receipt-page')),
  '/payments/make-payment/receipt/:paymentId': lazy(() => import('../areas/payments/receipt/receipt-page')),
  '/documents/invoice': lazy(() => import('../areas/documents/invoices-page')),
  '/documents/notice': lazy(() => import('../areas/documents/notices-page')),
  '/documents/tax': lazy(() => import('../areas/documents/tax-forms-page')),
  '/notification/view-notifications': lazy(() => import('../areas/notification/view-notifications-page')),
  '/admin/paperless-settings': lazy(() => import('../areas/admin/paperless-settings-page')),
  '/admin/email-confirmation': lazy(() => import('../areas/admin/email-confirmation-page')),
  '/admin/policy-selection/service-requests': lazy(() => import('../areas/admin/service-requests/service-requests-page')),
  '/admin/service-requests-alt': lazy(() => import('../areas/admin/service-requests/service-requests-alt-page')),
  '/admin/service-queue': lazy(() => import('../areas/admin/service-queue/service-queue-page')),
  '/admin/service-queue/:requestId': lazy(() => import('../areas/admin/service-queue/service-queue-request-page')),
  '/admin/policy-selection/coverage-details': lazy(() => import('../areas/admin/coverage-details/coverage-details-page')),
  '/admin/policy-selection/coverage-details/end-coverage': lazy(() => import('../areas/admin/coverage-details/end-coverage-page')),
  '/admin/policy-selection/coverage-details/change-dates': lazy(() => import('../areas/admin/coverage-details/change-coverage-dates-page')),
  '/admin/policy-selection/change-plan': lazy(() => import('../areas/admin/change-plan/change-plan-page')),
  '/admin/policy-selection/span-selection/reactivate-plan': lazy(() => import('../areas/admin/reactivate-plan/reactivate-plan-page')),
  '/admin/policy-selection/contact-info': lazy(() => import('../areas/admin/contact-info/contact-info-page')),
  '/admin/policy-selection/manage-address': lazy(() => import('../areas/admin/manage-address/manage-address-page')),
  '/admin/demographics': lazy(() => import('../areas/admin/demographics/demographics-page')),
  '/admin/policy-selection/manage-dependents': lazy(() => import('../areas/admin/manage-dependents/manage-dependents-page')),
  '/admin/policy-selection/report-change': lazy(() => import('../areas/admin/report-change/report-change-page')),
  '/admin/policy-selection/view-benefits': lazy(() => import('../areas/admin/view-benefits/view-benefits-page')),
  '/account-overview/id-card': lazy(() => import('../areas/account-overview/id-card/id-card-page')),
  '/admin/faq': lazy(() => import('../areas/admin/faq/faq-page')),
  '/admin/pcp-select': lazy(() => import('../areas/admin/pcp-select/pcp-select-page')),
  '/admin/policy-selection/broker': lazy(() => import('../areas/admin/broker/broker-page')),
  '/admin/additional-products': lazy(() => import('../areas/admin/additional-products/additional-products-page')),
  '/home/link-account': lazy(() => import('../areas/home/link-account-page')),
  '/admin/payments-desk': lazy(() => import('../areas/admin/payments-desk/payments-desk-page')),
  '/admin/audit': lazy(() => import('../areas/admin/audit/audit-page')),
  '/admin/access-history': lazy(() => import('../areas/admin/access-history/access-history-page')),
  '/admin/members': lazy(() => import('../areas/admin/members/find-member-page')),
  '/admin/members/member-360': lazy(() => import('../areas/admin/members/member-360-page')),
};

// Only pages that exist are routed; anything else is the translated not-found page.
export const ROUTES: readonly PortalRoute[] = ROUTE_TABLE.map((route) => ({ ...route, Page: PAGES[route.path] }));

export const NOT_FOUND: PortalRoute = { ...NOT_FOUND_ROUTE, Page: lazy(() => import('../areas/error/not-found-page')) };

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
            {ROUTES.filter((route) => route.access === 'guest').map((route) => (
              <Route key={route.path} path={route.path} element={page(route)} />
            ))}
            <Route element={<NotForGuests notFound={page(NOT_FOUND)} />}>
              {ROUTES.filter((route) => route.access === 'private').map((route) => (
                <Route key={route.path} path={route.path} element={page(route)} />
              ))}
            </Route>
            <Route element={<StaffOnly notFound={page(NOT_FOUND)} />}>
              {ROUTES.filter((route) => route.access === 'staff').map((route) => (
                <Route key={route.path} path={route.path} element={page(route)} />
              ))}
            </Route>
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

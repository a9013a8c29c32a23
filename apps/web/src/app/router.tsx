import { lazy, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import {
  BrowserRouter,
  matchPath,
  StaticRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router';
import { loadAllTexts } from '../i18n';
import { HydrateLater } from '../lib/hydrate-later';
import { setNavigator } from '../lib/navigator';
import { useRouteTitle } from '../ui/route-title';
import { Root } from './root';
import { EntryRedirect, NotForGuests, RequireSignIn, StaffOnly } from './route-guards';
import { NOT_FOUND_ROUTE, ROUTE_TABLE, type RouteEntry, type RoutePath } from './routes';

/** A page of the portal: its entry in the route table and its lazily loaded module. */
export interface PortalRoute extends RouteEntry {
  Page: LazyExoticComponent<ComponentType> | ComponentType;
}

// Each area is its own chunk, loaded when first visited (SPEC §2: each area is loaded separately).
// One module per path of the route table (app/routes.ts): the compiler asks for a page for every path.
const PAGE_MODULES: Record<RoutePath, () => Promise<{ default: ComponentType }>> = {
  '/home': () => import('../areas/home/home-page'),
  '/payments/locate-account': () => import('../areas/payments/locate-account/locate-account-page'),
  '/auth/callback': () => import('./auth/callback-page'),
  '/auth/asserted': () => import('./auth/asserted-page'),
  '/auth/signed-out': () => import('./auth/logged-out-page'),
  '/error/500': () => import('../areas/error/server-error-page'),
  '/error/unavailable': () => import('../areas/error/unavailable-page'),
  '/payments/wallet': () => import('../areas/payments/wallet/wallet-page'),
  '/account-overview': () => import('../areas/account-overview/account-overview-page'),
  '/payments/make-payment': () => import('../areas/payments/make-payment/make-payment-page'),
  '/payments/binding-payment': () => import('../areas/payments/binding-payment/binding-payment-page'),
  '/payments/payment-history': () => import('../areas/payments/payment-history/payment-history-page'),
  '/payments/autopay': () => import('../areas/payments/autopay/autopay-page'),
  '/payments/scheduled-payments': () =>
    import('../areas/payments/scheduled-payments/scheduled-payments-page'),
  '/payments/payment-history/:paymentId': () => import('../areas/payments/receipt/receipt-page'),
  '/payments/make-payment/receipt/:paymentId': () => import('../areas/payments/receipt/receipt-page'),
  '/documents/invoice': () => import('../areas/documents/invoices-page'),
  '/documents/notice': () => import('../areas/documents/notices-page'),
  '/documents/tax': () => import('../areas/documents/tax-forms-page'),
  '/notification/view-notifications': () => import('../areas/notification/view-notifications-page'),
  '/admin/paperless-settings': () => import('../areas/admin/paperless-settings-page'),
  '/admin/email-confirmation': () => import('../areas/admin/email-confirmation-page'),
  '/admin/policy-selection/service-requests': () =>
    import('../areas/admin/service-requests/service-requests-page'),
  '/admin/service-requests-alt': () => import('../areas/admin/service-requests/service-requests-alt-page'),
  '/admin/policy-selection/coverage-details': () =>
    import('../areas/admin/coverage-details/coverage-details-page'),
  '/admin/policy-selection/coverage-details/end-coverage': () =>
    import('../areas/admin/coverage-details/end-coverage-page'),
  '/admin/policy-selection/coverage-details/change-dates': () =>
    import('../areas/admin/coverage-details/change-coverage-dates-page'),
  '/admin/policy-selection/change-plan': () => import('../areas/admin/change-plan/change-plan-page'),
  '/admin/policy-selection/span-selection/reactivate-plan': () =>
    import('../areas/admin/reactivate-plan/reactivate-plan-page'),
  '/admin/policy-selection/contact-info': () => import('../areas/admin/contact-info/contact-info-page'),
  '/admin/policy-selection/manage-address': () => import('../areas/admin/manage-address/manage-address-page'),
  '/admin/demographics': () => import('../areas/admin/demographics/demographics-page'),
  '/admin/policy-selection/manage-dependents': () =>
    import('../areas/admin/manage-dependents/manage-dependents-page'),
  '/admin/policy-selection/report-change': () => import('../areas/admin/report-change/report-change-page'),
  '/admin/policy-selection/view-benefits': () => import('../areas/admin/view-benefits/view-benefits-page'),
  '/account-overview/id-card': () => import('../areas/account-overview/id-card/id-card-page'),
  '/admin/faq': () => import('../areas/admin/faq/faq-page'),
  '/admin/pcp-select': () => import('../areas/admin/pcp-select/pcp-select-page'),
  '/admin/policy-selection/broker': () => import('../areas/admin/broker/broker-page'),
  '/admin/additional-products': () => import('../areas/admin/additional-products/additional-products-page'),
  '/home/link-account': () => import('../areas/home/link-account-page'),
  '/admin/members': () => import('../areas/admin/members/find-member-page'),
  '/admin/members/member-360': () => import('../areas/admin/members/member-360-page'),
  '/admin/service-queue': () => import('../areas/admin/service-queue/service-queue-page'),
  '/admin/service-queue/:requestId': () => import('../areas/admin/service-queue/service-queue-request-page'),
  '/admin/payments-desk': () => import('../areas/admin/payments-desk/payments-desk-page'),
  '/admin/audit': () => import('../areas/admin/audit/audit-page'),
  '/admin/access-history': () => import('../areas/admin/access-history/access-history-page'),
  '/admin/enrollment-imports': () => import('../areas/admin/enrollment-imports/enrollment-imports-page'),
  '/admin/enrollment-imports/:importId': () =>
    import('../areas/admin/enrollment-imports/enrollment-import-page'),
  '/admin/webhook-subscribers': () => import('../areas/admin/webhook-subscribers/webhook-subscribers-page'),
  '/broker': () => import('../areas/broker/book-page'),
  '/broker/clients/:policyId': () => import('../areas/account-overview/broker-client-page'),
};

/**
 * The pages whose words are all in the startup language files (i18n STARTUP_TEXT_FILES; checked by
 * app/startup-texts.test.ts): the first pages of most visits. Every other page loads the remaining
 * language files with its code (docs/decisions/033).
 */
export const STARTUP_TEXT_PAGES: readonly RoutePath[] = [
  '/account-overview',
  '/payments/locate-account',
  '/auth/callback',
  '/auth/asserted',
  '/auth/signed-out',
  '/error/500',
  '/error/unavailable',
];

/** A page's code, and for pages beyond the first ones the rest of the language files, loaded together. */
function loadPage(path: RoutePath): Promise<{ default: ComponentType }> {
  if (STARTUP_TEXT_PAGES.includes(path)) return PAGE_MODULES[path]();
  return Promise.all([PAGE_MODULES[path](), loadAllTexts()]).then(([module]) => module);
}

/**
 * A page loaded when first shown, as React's `lazy` does, whose loading can also be started and awaited
 * beforehand (preloadPage): once it has loaded the page renders at once, without suspending. The browser
 * waits for the page of a server-rendered document before hydrating it (docs/decisions/058), so that the
 * markup is taken over as it is instead of replaced by the loading state.
 */
interface LoadablePage {
  Page: ComponentType;
  load: () => Promise<void>;
}

function loadablePage(path: RoutePath): LoadablePage {
  let loading: Promise<void> | null = null;
  let Loaded: ComponentType | null = null;
  let failure: { error: unknown } | null = null;
  const load = () => {
    loading ??= loadPage(path).then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    );
    return loading;
  };
  function Page() {
    if (Loaded) return <Loaded />;
    // As with `lazy`: the error boundary around the page shows it.
    if (failure) throw failure.error;
    // Suspense: the boundary shows its fallback until the code has loaded (a thrown promise, as `lazy` does).
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw load().catch(() => undefined);
  }
  return { Page, load };
}

const LOADABLE = Object.fromEntries(
  (Object.keys(PAGE_MODULES) as RoutePath[]).map((path) => [path, loadablePage(path)]),
) as Record<RoutePath, LoadablePage>;

const PAGES = Object.fromEntries(
  (Object.keys(LOADABLE) as RoutePath[]).map((path) => [path, LOADABLE[path].Page]),
) as Record<RoutePath, ComponentType>;

/**
 * Starts loading the code of the page at `pathname` at once, while the portal starts (configuration,
 * languages, session), instead of after it: one round trip less before the first page shows
 * (docs/decisions/033). Resolves once it has loaded (at once for a path of no page); never rejects.
 */
export function preloadPage(pathname: string): Promise<void> {
  const path = normalisedPath(pathname) ?? pathname;
  const route = ROUTE_TABLE.find((entry) => matchPath(entry.path, path) !== null);
  return route ? LOADABLE[route.path].load().catch(() => undefined) : Promise.resolve();
}

// Only pages that exist are routed; anything else is the translated not-found page.
export const ROUTES: readonly PortalRoute[] = ROUTE_TABLE.map((route) => ({
  ...route,
  Page: PAGES[route.path],
}));

export const NOT_FOUND: PortalRoute = {
  ...NOT_FOUND_ROUTE,
  Page: lazy(() => import('../areas/error/not-found-page')),
};

/**
 * SPEC §2: a leading `account` segment is dropped and paths are lowercased before matching.
 * Returns the normalised path, or null when the path is already normal.
 */
export function normalisedPath(pathname: string): string | null {
  const lower = pathname.toLowerCase();
  const withoutAccount =
    lower === '/account' ? '/' : lower.startsWith('/account/') ? lower.slice('/account'.length) : lower;
  return withoutAccount === pathname ? null : withoutAccount;
}

/** Lets code outside React (the global API error handling) navigate. */
function NavigatorBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  }, [location]);
  useEffect(() => {
    setNavigator(
      (to, options) => {
        void navigate(to, options);
      },
      () => here.current,
    );
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
      <HydrateLater name="routes">
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
      </HydrateLater>
    </>
  );
}

/**
 * The browser's router around the portal's routes; on the server (entry-server.tsx) a router fixed at the
 * requested `location`.
 */
export function PortalRouter({ location }: { location?: string }) {
  if (location !== undefined)
    return (
      <StaticRouter location={location}>
        <PortalRoutes />
      </StaticRouter>
    );
  return (
    <BrowserRouter>
      <PortalRoutes />
    </BrowserRouter>
  );
}

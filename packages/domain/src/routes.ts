/**
 * Route paths (SPEC §2 "Top-level routes", "Shell"; SPEC §6 sign-in redirects).
 */

/** The top-level areas of SPEC §2, each loaded separately. */
export const TOP_LEVEL_AREAS = [
  'home',
  'account-overview',
  'admin',
  'broker',
  'payments',
  'documents',
  'notification',
  'error',
] as const;

/** SPEC §2: one of {@link TOP_LEVEL_AREAS}. */
export type TopLevelArea = (typeof TOP_LEVEL_AREAS)[number];

/** SPEC §2: the empty path redirects here. */
export const DEFAULT_ROUTE = '/account-overview';

/** SPEC §2/§6: the guest entry point, exempt from sign-in. */
export const LOCATE_ACCOUNT_ROUTE = '/payments/locate-account';

/** SPEC §2: the page where the header logo link is cleared. */
export const PCP_SELECT_ROUTE = '/admin/pcp-select';

/** SPEC §2: where the upload-documents button leads. */
export const UPLOAD_DOCUMENTS_ROUTE = '/admin/additional-products/';

/** SPEC §2 / §8: the error page that API failures navigate to. */
export const SERVER_ERROR_ROUTE = '/error/500';

/**
 * Issue 40: where an API answer of 503 (a part of the portal briefly unavailable, with Retry-After)
 * leads instead of SPEC §8's error page: "temporarily unavailable, try again in a moment".
 */
export const SERVICE_UNAVAILABLE_ROUTE = '/error/unavailable';

/**
 * SPEC §2: a leading path segment `account` is dropped and paths are lowercased.
 * The result always starts with `/`, has no empty segments and no trailing slash, and carries no
 * query string or fragment (they are not part of the route): `Account/Home/` → `/home`,
 * `/admin/email-confirmation?token=x` → `/admin/email-confirmation`, `` → `/`.
 * Only a whole `account` segment is dropped, so `/account-overview` stays as it is.
 */
export function normalizeRoute(path: string): string {
  const withoutQuery = path.replace(/[?#].*$/s, '');
  const segments = withoutQuery
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');
  if (segments[0] === 'account') segments.shift();
  return `/${segments.join('/')}`;
}

/**
 * SPEC §2, §6: whether `route` is `base` or lies below it, comparing whole normalised segments:
 * `/payments/wallet` is within `/payments` but `/payments-old` is not. The base `*` contains every
 * route; the base `/` contains only `/` (so an empty entry never opens everything).
 */
export function isRouteWithin(route: string, base: string): boolean {
  if (base.trim() === '*') return true;
  const normalisedBase = normalizeRoute(base);
  const normalisedRoute = normalizeRoute(route);
  if (normalisedBase === '/') return normalisedRoute === '/';
  return normalisedRoute === normalisedBase || normalisedRoute.startsWith(`${normalisedBase}/`);
}

/** SPEC §2: the top-level area a path belongs to (after normalisation), or `null` for none. */
export function routeArea(path: string): TopLevelArea | null {
  const first = normalizeRoute(path).slice(1).replace(/\/.*$/s, '');
  return TOP_LEVEL_AREAS.find((area) => area === first) ?? null;
}

/** SPEC §2: where a path leads once the empty path's redirect applies (`` and `/` → `/account-overview`). */
export function resolveRoute(path: string): string {
  const normalised = normalizeRoute(path);
  return normalised === '/' ? DEFAULT_ROUTE : normalised;
}

/**
 * SPEC §2 "Shell": the header logo links to the configured `headerLogoRoute` when it is among
 * the user's navigation routes, otherwise to the first navigation route; on `/admin/pcp-select`
 * the link is cleared (`null`). `null` too when the user has no navigation routes.
 */
export function headerLogoRoute(input: {
  readonly configuredRoute: string | null | undefined;
  readonly navigationRoutes: readonly string[];
  readonly currentPath: string;
}): string | null {
  if (normalizeRoute(input.currentPath) === PCP_SELECT_ROUTE) return null;
  const configured = input.configuredRoute;
  if (configured != null && configured !== '') {
    const wanted = normalizeRoute(configured);
    if (input.navigationRoutes.some((route) => normalizeRoute(route) === wanted)) return configured;
  }
  return input.navigationRoutes[0] ?? null;
}

/**
 * SPEC §2 "Shell": the upload-documents button shows only when the path contains `/account/home` and
 * configuration `displayUploadDocumentButton` is on. SPEC §2 also drops a leading `account` segment, so
 * the router shows `/account/home` at `/home`: the rule holds on the home area, `/home` and below it
 * (`/home/link-account`), however the address was written.
 */
export function showUploadDocumentsButton(path: string, displayUploadDocumentButton: boolean): boolean {
  return displayUploadDocumentButton && isRouteWithin(path, '/home');
}

/** SPEC §6: what happens to a visitor who is not signed in (see {@link unauthenticatedRedirect}). */
export type UnauthenticatedOutcome = 'allow' | 'login' | 'locate-account';

/**
 * SPEC §2/§6: public routes (and locate-account, always exempt from sign-in) need no login;
 * an unauthenticated user on any other route goes to login, or to locate-account when
 * `redirectToLocateAccount` is configured. Public routes match by whole segments ({@link isRouteWithin}).
 */
export function unauthenticatedRedirect(
  path: string,
  options: { readonly publicRoutes: readonly string[]; readonly redirectToLocateAccount: boolean },
): UnauthenticatedOutcome {
  const route = resolveRoute(path);
  if (isRouteWithin(route, LOCATE_ACCOUNT_ROUTE)) return 'allow';
  if (options.publicRoutes.some((publicRoute) => isRouteWithin(route, publicRoute))) return 'allow';
  return options.redirectToLocateAccount ? 'locate-account' : 'login';
}

/** SPEC §2 "Root states": which root view shows. */
export type RootView = 'app' | 'logged-out' | 'no-plans-available';

/**
 * SPEC §2 "Root states": the logged-out page after sign-out or time-out; the no-plans-available
 * page when not enrolled and not logged out; otherwise the normal app.
 */
export function rootView(state: { readonly loggedOut: boolean; readonly enrolled: boolean }): RootView {
  if (state.loggedOut) return 'logged-out';
  return state.enrolled ? 'app' : 'no-plans-available';
}

/**
 * SPEC §4 "Startup": in a consumer flow, a stored pre-sign-in route (first) or post-login URI is
 * where the user is redirected after startup; `null` when there is none or it is not a consumer flow.
 */
export function startupRedirect(input: {
  readonly consumerFlow: boolean;
  readonly preSignInRoute?: string | null;
  readonly postLoginUri?: string | null;
}): string | null {
  if (!input.consumerFlow) return null;
  for (const candidate of [input.preSignInRoute, input.postLoginUri]) {
    if (candidate != null && candidate.trim() !== '') return candidate;
  }
  return null;
}

/**
 * A path on this site only, followed after sign-in (SPEC §4 pre-sign-in route): no other host (`//`),
 * no backslash a browser would read as one — no open redirect through a crafted link.
 */
export function isSafeRelativePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

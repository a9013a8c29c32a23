/**
 * The pages that exist in this build (SPEC §2). The menu shows only these (a configured entry for a
 * page not built yet would lead nowhere); the e2e journeys read the same list to know what the menu
 * must show. Add a route here when its page lands in `app/router.tsx`.
 */
export const BUILT_ROUTES = ['/home', '/account-overview', '/payments/locate-account', '/error/500'] as const;

/** SPEC §2/§6: pages anyone may open without signing in (locate-account is always exempt). */
export const PUBLIC_ROUTES = ['/home', '/payments/locate-account', '/auth', '/error'] as const;

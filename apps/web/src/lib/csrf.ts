/**
 * The header every call of the web app to its server carries (docs/decisions/050): the server refuses a
 * change without it, which a cross-site form or a cross-origin page without CORS cannot add.
 */
export const CSRF_HEADERS = { 'X-Portal-CSRF': '1' } as const;

import '@tanstack/react-query';

/**
 * SPEC §8: an API failure raises the global error (spinner stops, /error/500) unless the call opts
 * out with `meta: { redirectOnError: false }` (notifications, forms that explain their own errors).
 */
export interface PortalQueryMeta extends Record<string, unknown> {
  redirectOnError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: PortalQueryMeta;
    mutationMeta: PortalQueryMeta;
  }
}

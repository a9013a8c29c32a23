/** The web app's client secret the servers bench/ starts are given (OIDC_CLIENT_SECRET, docs/decisions/050). */
export const BENCH_CLIENT_SECRET: string;
/** Signs in through a running server's built-in identity provider (code + PKCE, as the confidential web client) and returns the access token. */
export function signIn(
  baseUrl: string,
  realm: 'consumer' | 'workforce',
  username: string,
  password: string,
  clientId?: string,
  clientSecret?: string,
): Promise<string>;

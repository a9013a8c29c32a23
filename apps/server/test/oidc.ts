import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A tiny cookie jar for driving the built-in identity providers through app.inject. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    const lines = Array.isArray(header) ? header : header ? [header] : [];
    for (const line of lines) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}

export const HOST = 'localhost:3000';
export const ORIGIN = `http://${HOST}`;
export const CLIENT_ID = 'member-portal';
export const REDIRECT_URI = `${ORIGIN}/auth/callback`;

/**
 * The web app's client authentication at the built-in providers: a confidential client since the server
 * signs the web app in (docs/decisions/050). Tests stand for an API client holding the same secret.
 */
export function clientAuthorization(app: FastifyInstance): string {
  const { clientId, secret } = app.identity.webClient;
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret ?? '')}`).toString('base64')}`;
}

function pathOf(location: string | undefined): string {
  if (!location) throw new Error('expected a redirect');
  const url = new URL(location, ORIGIN);
  return `${url.pathname}${url.search}`;
}

export interface SignInOptions {
  /** The portal origin the browser is on (PUBLIC_URL); http://localhost:3000 by default. */
  origin?: string;
  /** The peer address the server sees (a proxy's, or the client's). */
  remoteAddress?: string;
  /** Extra headers on every request (e.g. X-Forwarded-* set by a proxy). */
  headers?: Record<string, string>;
}

export interface SignInResult {
  accessToken: string;
  idToken: string;
  refreshToken: string | undefined;
  jar: CookieJar;
}

/**
 * Authorization code + PKCE through the real endpoints: authorize → sign-in page → credentials →
 * resume → code → token. Throws with the page when a step does not answer as a browser would see it.
 */
export async function signIn(
  app: FastifyInstance,
  realm: 'consumer' | 'workforce',
  username: string,
  password: string,
  options: SignInOptions = {},
): Promise<SignInResult> {
  const origin = options.origin ?? ORIGIN;
  const host = new URL(origin).host;
  const redirectUri = `${origin}/auth/callback`;
  const extra = { host, ...options.headers };
  const peer = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {};
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const get = async (url: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { ...extra, cookie: jar.header() },
      ...peer,
    });
    jar.take(response);
    return response;
  };
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  });
  const authorize = await get(`/idp/${realm}/auth?${params.toString()}`);
  if (authorize.statusCode !== 303) throw new Error(`authorize: ${authorize.statusCode} ${authorize.body}`);
  const interactionPath = pathOf(authorize.headers.location);
  const page = await get(interactionPath);
  if (page.statusCode !== 200) throw new Error(`sign-in page: ${page.statusCode}`);
  const login = await app.inject({
    method: 'POST',
    url: `${interactionPath}/login`,
    headers: { ...extra, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
    ...peer,
  });
  jar.take(login);
  if (login.statusCode !== 303) throw new Error(`sign-in: ${login.statusCode}`);
  let response = await get(pathOf(login.headers.location));
  // Follow the provider's own redirects until it sends the browser back to the web app.
  for (let hops = 0; hops < 5 && response.statusCode === 303; hops += 1) {
    const location = response.headers.location ?? '';
    if (location.startsWith(redirectUri)) break;
    response = await get(pathOf(location));
  }
  const callback = new URL(response.headers.location ?? '', origin);
  const code = callback.searchParams.get('code');
  if (!code)
    throw new Error(`no code: ${response.statusCode} ${response.headers.location ?? ''} ${response.body}`);
  const token = await app.inject({
    method: 'POST',
    url: `/idp/${realm}/token`,
    headers: {
      ...extra,
      'content-type': 'application/x-www-form-urlencoded',
      authorization: clientAuthorization(app),
    },
    ...peer,
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token: ${token.statusCode} ${token.body}`);
  const body = token.json<{ access_token: string; id_token: string; refresh_token?: string }>();
  return { accessToken: body.access_token, idToken: body.id_token, refreshToken: body.refresh_token, jar };
}

/**
 * Signs in as the web app does since docs/decisions/050: /auth/login on the portal, the provider's sign-in
 * page, and /auth/callback, which sets the session cookie. Returns the browser's cookie jar (the portal's
 * session cookie and the provider's) and where the portal sent the browser at the end.
 */
export async function browserSignIn(
  app: FastifyInstance,
  realm: 'consumer' | 'workforce',
  username: string,
  password: string,
  options: { jar?: CookieJar; returnTo?: string } = {},
): Promise<{ jar: CookieJar; landing: string }> {
  const jar = options.jar ?? new CookieJar();
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { host: HOST, cookie: jar.header() } });
    jar.take(response);
    return response;
  };
  const start = await get(
    `/auth/login?${new URLSearchParams({ realm, lang: 'en', ...(options.returnTo ? { returnTo: options.returnTo } : {}) }).toString()}`,
  );
  if (start.statusCode !== 303) throw new Error(`/auth/login: ${start.statusCode} ${start.body}`);
  let response = await get(pathOf(start.headers.location));
  const interactionPath = pathOf(response.headers.location);
  const page = await get(interactionPath);
  if (page.statusCode !== 200) throw new Error(`sign-in page: ${page.statusCode}`);
  const login = await app.inject({
    method: 'POST',
    url: `${interactionPath}/login`,
    headers: { host: HOST, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  jar.take(login);
  if (login.statusCode !== 303) throw new Error(`sign-in: ${login.statusCode}`);
  response = await get(pathOf(login.headers.location));
  for (let hops = 0; hops < 6 && response.statusCode === 303; hops += 1) {
    const location = pathOf(response.headers.location);
    response = await get(location);
    if (location.startsWith('/auth/callback')) break;
  }
  if (response.statusCode !== 303) throw new Error(`callback: ${response.statusCode} ${response.body}`);
  return { jar, landing: pathOf(response.headers.location) };
}

/**
 * An access token of a machine client by OAuth client credentials at the workforce provider (the issuer's
 * enrolment system, docs/decisions/051), through the real token endpoint; the provider's answer as it is.
 */
export async function clientCredentials(
  app: FastifyInstance,
  client: { id: string; secret: string },
  params: Record<string, string> = {},
): Promise<{ status: number; accessToken: string | undefined; body: Record<string, unknown> }> {
  const response = await app.inject({
    method: 'POST',
    url: '/idp/workforce/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`,
    },
    payload: new URLSearchParams({ grant_type: 'client_credentials', ...params }).toString(),
  });
  const body = response.json<Record<string, unknown>>();
  return {
    status: response.statusCode,
    accessToken: typeof body.access_token === 'string' ? body.access_token : undefined,
    body,
  };
}

// Signs in through a running server's built-in identity provider (authorization code + PKCE), the way
// a browser does, and returns the access token. For benchmarks and scripts, not for tests.
import { createHash, randomBytes } from 'node:crypto';

class Jar {
  cookies = new Map();
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * The web app's client secret the servers started by bench/ are given (OIDC_CLIENT_SECRET): the built-in
 * providers take the web app's client as a confidential one (docs/decisions/050), and a benchmark signs in
 * as an API client holding that secret. Another server: set OIDC_CLIENT_SECRET to its secret.
 */
export const BENCH_CLIENT_SECRET = 'bench-web-client-secret-0123456789abcdef';

export async function signIn(
  baseUrl,
  realm,
  username,
  password,
  clientId = 'member-portal',
  clientSecret = process.env.OIDC_CLIENT_SECRET ?? BENCH_CLIENT_SECRET,
) {
  const jar = new Jar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${baseUrl}/auth/callback`;
  const go = async (url, init = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      redirect: 'manual',
      ...init,
      headers: { cookie: jar.header(), ...(init.headers ?? {}) },
    });
    jar.take(response);
    return response;
  };
  const params = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  let response = await go(`/idp/${realm}/auth?${params}`);
  const interaction = response.headers.get('location');
  await (await go(interaction)).text();
  response = await go(`${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (response.status !== 303) throw new Error(`sign-in as ${username} failed: HTTP ${response.status}`);
  let location = response.headers.get('location');
  for (let hop = 0; hop < 5 && !location.startsWith(redirectUri); hop += 1) {
    response = await go(location);
    location = response.headers.get('location') ?? '';
  }
  const code = new URL(location).searchParams.get('code');
  const token = await fetch(new URL(`/idp/${realm}/token`, baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  });
  if (!token.ok) throw new Error(`token exchange failed: HTTP ${token.status}`);
  return (await token.json()).access_token;
}

/**
 * Signs in the way the web app does since issue 35 (docs/decisions/050): through the server's
 * backend-for-frontend (`/auth/login` … `/auth/callback`), which keeps the tokens; returns the `Cookie`
 * header naming the server-side session (what a browser sends), with no token in it.
 */
export async function signInWithSession(baseUrl, realm, username, password) {
  const jar = new Jar();
  const go = async (url, init = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      redirect: 'manual',
      ...init,
      headers: { cookie: jar.header(), ...(init.headers ?? {}) },
    });
    jar.take(response);
    return response;
  };
  let response = await go(`/auth/login?${new URLSearchParams({ realm, lang: 'en' })}`);
  if (response.status !== 303) throw new Error(`/auth/login: HTTP ${response.status}`);
  response = await go(response.headers.get('location'));
  const interaction = new URL(response.headers.get('location'), baseUrl).pathname;
  await (await go(interaction)).text();
  response = await go(`${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (response.status !== 303) throw new Error(`sign-in as ${username} failed: HTTP ${response.status}`);
  let location = response.headers.get('location');
  for (let hop = 0; hop < 6 && location; hop += 1) {
    const path = new URL(location, baseUrl).pathname;
    response = await go(location);
    if (path.startsWith('/auth/callback')) break;
    location = response.headers.get('location');
  }
  const session = [...jar.cookies].find(([name]) => name.endsWith('portal-session'));
  if (!session) throw new Error(`sign-in as ${username} gave no session cookie (HTTP ${response.status})`);
  return `${session[0]}=${session[1]}`;
}

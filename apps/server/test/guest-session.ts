import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** What the web app sends with every change it makes (docs/decisions/050): cross-site forms cannot. */
export const CSRF = { 'x-portal-csrf': '1' } as const;

/** The session cookie an answer set (`name=value`), e.g. after locate-account or a SAML hand-over. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  const line = lines.find((one) => /^(__Host-)?portal-session=[^;]+/.test(one));
  if (!line) throw new Error(`no session cookie in the answer (${String(response.statusCode)})`);
  return line.split(';')[0] ?? '';
}

/**
 * The guest (or asserted) session's portal token that the server keeps for the cookie an answer set: tests
 * that call the API as a client holding that session's bearer token (bearer tokens stay accepted for API
 * clients; the web app never sees one).
 */
export async function portalTokenOf(app: FastifyInstance, response: LightMyRequestResponse): Promise<string> {
  const id = sessionCookieOf(response).split('=')[1] ?? '';
  const session = await app.webSessions.store.find(id);
  if (!session) throw new Error('the cookie names no session');
  return session.tokens.accessToken;
}

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import type { Bundle, Coverage, OperationOutcome, Patient } from '@medplum/fhirtypes';
import type { AccessHistoryPage, ConnectedApps } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { createAccount, createMemberWithPolicy, PASSWORD } from '../../../test/fixtures';
import { CookieJar, HOST, ORIGIN, signIn } from '../../../test/oidc';
import { auditLog } from '../../db/schema';
import { repoRoot } from '../../settings';
import { coverageId } from './member-resources';

/**
 * Issue 37 (docs/decisions/054): SMART App Launch 2 standalone launch at the built-in consumer identity
 * provider, through its real endpoints: a registered app asks, the member signs in and consents, the app
 * gets a token with the patient in context and reads Patient and Coverage; the reads appear in "who has
 * seen my information"; the member disconnects the app and its tokens stop working.
 */

const APP = {
  clientId: 'health-record-demo',
  name: 'Health Record Demo',
  publisher: 'Example Apps Inc.',
  redirectUris: ['https://app.example/callback'],
};
const FHIR_BASE = `${ORIGIN}/fhir/r4`;
const SMART_SCOPE = 'launch/patient openid fhirUser offline_access patient/Patient.rs patient/Coverage.rs';

function configWithApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
  fs.cpSync(path.join(repoRoot, 'config'), dir, { recursive: true });
  const accountFile = path.join(dir, 'account.json');
  const account = JSON.parse(fs.readFileSync(accountFile, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(accountFile, JSON.stringify({ ...account, smartApps: [APP] }));
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

const pathOf = (location: string | undefined): string => {
  const url = new URL(location ?? '', ORIGIN);
  return `${url.pathname}${url.search}`;
};

interface Launch {
  consentPage: string;
  consentCsp: string;
  /** Allows (or declines) on the consent screen and follows the redirects back to the app. */
  decide: (decision: 'allow' | 'deny') => Promise<URL>;
  verifier: string;
}

/** The standalone launch up to the consent screen: authorize → sign-in → consent page. */
async function launch(
  app: FastifyInstance,
  username: string,
  scope = SMART_SCOPE,
  language = 'en',
): Promise<Launch> {
  const jar = new CookieJar();
  const headers = () => ({ host: HOST, cookie: jar.header() });
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: headers() });
    jar.take(response);
    return response;
  };
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: APP.clientId,
    redirect_uri: APP.redirectUris[0] ?? '',
    scope,
    state: randomBytes(8).toString('hex'),
    aud: FHIR_BASE,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ui_locales: language,
  });
  const authorize = await get(`/idp/consumer/auth?${params.toString()}`);
  expect(authorize.statusCode, authorize.body).toBe(303);
  const loginPath = pathOf(authorize.headers.location);
  await get(loginPath);
  const login = await app.inject({
    method: 'POST',
    url: `${loginPath}/login`,
    headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password: PASSWORD }).toString(),
  });
  jar.take(login);
  expect(login.statusCode).toBe(303);
  let response = await get(pathOf(login.headers.location));
  for (
    let hops = 0;
    hops < 5 && response.statusCode === 303 && !(response.headers.location ?? '').includes('/interaction/');
    hops += 1
  ) {
    response = await get(pathOf(response.headers.location));
  }
  const consentPath = pathOf(response.headers.location);
  const page = await get(consentPath);
  expect(page.statusCode).toBe(200);
  return {
    consentPage: page.body,
    consentCsp: String(page.headers['content-security-policy']),
    verifier,
    decide: async (decision) => {
      const posted = await app.inject({
        method: 'POST',
        url: `${consentPath}/consent`,
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ decision, lang: language }).toString(),
      });
      jar.take(posted);
      expect(posted.statusCode, posted.body).toBe(303);
      let next = await get(pathOf(posted.headers.location));
      for (
        let hops = 0;
        hops < 5 &&
        next.statusCode === 303 &&
        !(next.headers.location ?? '').startsWith(APP.redirectUris[0] ?? '');
        hops += 1
      ) {
        next = await get(pathOf(next.headers.location));
      }
      return new URL(next.headers.location ?? '');
    },
  };
}

async function exchange(app: FastifyInstance, code: string, verifier: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/idp/consumer/token',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: APP.redirectUris[0] ?? '',
      client_id: APP.clientId,
      code_verifier: verifier,
    }).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    access_token: string;
    refresh_token?: string;
    patient?: string;
    scope: string;
    id_token?: string;
  }>();
}

describe('SMART on FHIR standalone launch (issue 37)', () => {
  const harness = useTestApp({ env: { CONFIG_DIR: configWithApp() } });

  const member = async () => {
    const holder = await createMemberWithPolicy(harness.db);
    const account = await createAccount(harness.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: holder.memberId,
    });
    // The member's own sign-in to the portal (the same account that connects the app).
    const portalToken = (await signIn(harness.app, 'consumer', account.username, PASSWORD)).accessToken;
    return { ...holder, account, portalToken };
  };

  it('advertises standalone launch with the patient scopes in its SMART configuration', async () => {
    const configuration = (
      await harness.app.inject({ method: 'GET', url: '/fhir/r4/.well-known/smart-configuration' })
    ).json<{ capabilities: string[]; scopes_supported: string[] }>();
    expect(configuration.capabilities).toEqual(
      expect.arrayContaining(['launch-standalone', 'context-standalone-patient', 'permission-v2']),
    );
    expect(configuration.scopes_supported).toEqual(
      expect.arrayContaining(['launch/patient', 'patient/Patient.rs', 'patient/Coverage.rs']),
    );
  });

  it('lets a member allow a registered app, which then reads their Patient and Coverage with the patient in context', async () => {
    const m = await member();
    const flow = await launch(harness.app, m.account.username);
    expect(flow.consentPage).toContain('Allow Health Record Demo to read your information?');
    expect(flow.consentPage).toContain('Example Apps Inc.');
    expect(flow.consentPage).toContain('<li>Your coverage: your plans');
    expect(flow.consentPage).toContain('<li>Keep reading this information when you are not using the app');
    // Its answer redirects to the app's origin: the page's policy lets the form go there (the portal's would not).
    expect(flow.consentCsp).toContain("form-action 'self' http: https:");
    const back = await flow.decide('allow');
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();
    const token = await exchange(harness.app, code ?? '', flow.verifier);
    expect(token.patient).toBe(m.memberId);
    expect(token.refresh_token).toBeTruthy();
    expect(token.scope.split(' ').sort()).toEqual(['patient/Coverage.rs', 'patient/Patient.rs']);
    // openid and fhirUser: an ID token naming the member's Patient.
    expect(decodeJwt(token.id_token ?? '').fhirUser).toBe(`${FHIR_BASE}/Patient/${m.memberId}`);

    const bearer = { authorization: `Bearer ${token.access_token}` };
    const patient = await harness.app.inject({
      method: 'GET',
      url: `/fhir/r4/Patient/${token.patient ?? ''}`,
      headers: bearer,
    });
    expect(patient.statusCode).toBe(200);
    expect(patient.json<Patient>().birthDate).toBe('1985-04-12');
    const coverage = await harness.app.inject({
      method: 'GET',
      url: `/fhir/r4/Coverage?patient=${token.patient ?? ''}`,
      headers: bearer,
    });
    expect((coverage.json<Bundle>().entry ?? []).map((entry) => (entry.resource as Coverage).id)).toEqual([
      coverageId(m.policyId, m.memberId),
    ]);
    // The app's token is for the FHIR server only: the portal's API refuses it.
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer })).statusCode,
    ).toBe(401);

    // The reads are the app's in the audit log, and the member sees them in "who has seen my information".
    const rows = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorRole, `app:${APP.clientId}`), eq(auditLog.outcome, 'success')));
    expect(rows.map((row) => row.recordType).sort()).toEqual(['fhir.Coverage', 'fhir.Patient']);
    const history = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Household/${m.householdId ?? ''}/access-history`,
      headers: { authorization: `Bearer ${m.portalToken}` },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json<AccessHistoryPage>().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          who: { kind: 'app', role: 'app', name: 'Health Record Demo (Example Apps Inc.)' },
          kind: 'read',
          record: 'coverage',
        }),
      ]),
    );

    // The member sees the app among their connected apps and disconnects it: its tokens stop at once.
    const portal = { authorization: `Bearer ${m.portalToken}` };
    const connected = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/account/connected-apps',
      headers: portal,
    });
    expect(connected.json<ConnectedApps>().apps).toMatchObject([
      {
        clientId: APP.clientId,
        name: APP.name,
        publisher: APP.publisher,
        scopes: expect.arrayContaining(['patient/Coverage.rs']) as unknown,
      },
    ]);
    const disconnect = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/account/connected-apps/disconnect',
      headers: { ...portal, 'idempotency-key': randomBytes(8).toString('hex') },
      payload: { clientId: APP.clientId },
    });
    expect(disconnect.json()).toEqual({ clientId: APP.clientId, disconnected: true });
    expect(
      (await harness.app.inject({ method: 'GET', url: `/fhir/r4/Patient/${m.memberId}`, headers: bearer }))
        .statusCode,
    ).toBe(401);
    const refresh = await harness.app.inject({
      method: 'POST',
      url: '/idp/consumer/token',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: token.refresh_token ?? '',
        client_id: APP.clientId,
      }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
    expect(
      (
        await harness.app.inject({ method: 'GET', url: '/api/v1/account/connected-apps', headers: portal })
      ).json<ConnectedApps>().apps,
    ).toEqual([]);
  });

  it('asks in the member’s language, and a member who declines sends the app back with access_denied', async () => {
    const m = await member();
    const flow = await launch(harness.app, m.account.username, SMART_SCOPE, 'es');
    expect(flow.consentPage).toContain('¿Permitir que Health Record Demo lea su información?');
    expect(flow.consentPage).toContain('lang="es"');
    const back = await flow.decide('deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('gives an app only the scopes the member allowed: a Patient-only app cannot read Coverage', async () => {
    const m = await member();
    const flow = await launch(harness.app, m.account.username, 'launch/patient openid patient/Patient.rs');
    expect(flow.consentPage).not.toContain('Your coverage');
    const token = await exchange(
      harness.app,
      (await flow.decide('allow')).searchParams.get('code') ?? '',
      flow.verifier,
    );
    const bearer = { authorization: `Bearer ${token.access_token}` };
    expect(
      (await harness.app.inject({ method: 'GET', url: `/fhir/r4/Patient/${m.memberId}`, headers: bearer }))
        .statusCode,
    ).toBe(200);
    const coverage = await harness.app.inject({
      method: 'GET',
      url: `/fhir/r4/Coverage?patient=${m.memberId}`,
      headers: bearer,
    });
    expect(coverage.statusCode).toBe(403);
    expect(coverage.json<OperationOutcome>().issue[0]?.diagnostics).toContain('patient/Coverage.rs');
  });

  it('lists and disconnects apps for the member only', async () => {
    const broker = await harness.tokenFor('workforce', ['broker']);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: '/api/v1/account/connected-apps',
          headers: { authorization: `Bearer ${broker}` },
        })
      ).statusCode,
    ).toBe(403);
    const disconnect = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/account/connected-apps/disconnect',
      headers: { authorization: `Bearer ${broker}`, 'idempotency-key': randomBytes(8).toString('hex') },
      payload: { clientId: APP.clientId },
    });
    expect(disconnect.statusCode).toBe(403);
  });
});

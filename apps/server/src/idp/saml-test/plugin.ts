import type { FastifyInstance, FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import { isLanguage, type Language } from '@portal/domain';
import { buildSignedSamlResponse } from '../../saml/response-builder';
import type { SamlTrust, TestIssuerKey } from '../../saml/trust';
import {
  renderRefusedPage,
  renderScenarioPage,
  renderSignedPage,
  TEST_ISSUER_PATH,
  type TestIssuerFrame,
} from './pages';
import {
  isScenarioKey,
  loadScenarios,
  SCENARIO_KEYS,
  scenarioRecords,
  type ScenarioRecord,
} from './scenarios';

export interface SamlTestIssuerOptions {
  trust: SamlTrust;
  testIssuer: TestIssuerKey;
}

interface IssueBody {
  lang?: unknown;
  scenario?: unknown;
  record?: unknown;
  onlyPcp?: unknown;
  languagePreference?: unknown;
  relayState?: unknown;
}

const field = (value: unknown, max = 300): string =>
  typeof value === 'string' ? value.trim().slice(0, max) : '';

/**
 * The custom assertion's attributes: one of the scenarios' own records (a demo policy or the demo
 * broker's NPN, as offered by the page) with the options the tester chose; null for anything else.
 */
function customAttributes(
  body: IssueBody,
  records: readonly ScenarioRecord[],
): Record<string, string[]> | null {
  const record = records.find((candidate) => candidate.value === field(body.record));
  if (!record) return null;
  const attributes: Record<string, string[]> =
    record.kind === 'broker'
      ? { role: ['broker'], brokerId: [record.identifier] }
      : { role: ['member'], policies: [record.identifier] };
  const onlyPcp = field(body.onlyPcp);
  if (onlyPcp === 'true' || onlyPcp === 'false')
    attributes.additionalProperties = [JSON.stringify({ OnlyPCP: onlyPcp === 'true' })];
  const language = field(body.languagePreference);
  if (language === 'ENG' || language === 'ESP' || language === 'PT')
    attributes.languagePreference = [language];
  return attributes;
}

/**
 * The built-in SAML test issuer, a demo-only part (docs/decisions/012): stands in for an exchange or
 * broker platform so asserted sessions can be tried and tested end to end. It asserts only the demo
 * scenarios' own records — never a policy number or NPN typed in — and signs with its own key in
 * DATA_DIR/keys, which the SAML endpoint trusts only in demo mode while no external identity provider
 * is set. Not under /api, so no bearer token applies; hidden from the API description.
 */
export async function samlTestIssuerPlugin(
  app: FastifyInstance,
  options: SamlTestIssuerOptions,
): Promise<void> {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const { trust, testIssuer } = options;
  const acsPath = new URL(trust.acsUrl).pathname;

  const frame = (language: Language): TestIssuerFrame => ({
    language,
    issuerName: app.tenant.account.tenant.issuerName,
    logoUrl: app.tenant.account.header.headerLogo,
  });
  const html = (reply: FastifyReply, page: string) =>
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);

  app.get<{ Querystring: { lang?: unknown } }>(
    TEST_ISSUER_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const language = isLanguage(request.query.lang) ? request.query.lang : 'en';
      const scenarios = await loadScenarios(app.database.db);
      return html(
        reply,
        renderScenarioPage(
          frame(language),
          SCENARIO_KEYS.map((key) => scenarios[key]),
        ),
      );
    },
  );

  app.post<{ Body: IssueBody | undefined }>(
    TEST_ISSUER_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const body = request.body ?? {};
      const language = isLanguage(body.lang) ? body.lang : 'en';
      const scenarios = await loadScenarios(app.database.db);
      let nameId = 'test-issuer.custom';
      let attributes: Record<string, string[]> | null;
      let relayState: string;
      if (isScenarioKey(body.scenario)) {
        const scenario = scenarios[body.scenario];
        // Without its demo data a scenario has nothing to assert: show the choices again.
        if (scenario.identifier === null) return reply.redirect(`${TEST_ISSUER_PATH}?lang=${language}`, 303);
        ({ nameId, attributes, relayState } = scenario);
      } else {
        attributes = customAttributes(body, scenarioRecords(SCENARIO_KEYS.map((key) => scenarios[key])));
        relayState = field(body.relayState, 200) || '/account-overview';
      }
      if (attributes === null) {
        await request.audit({
          action: 'auth.saml-test-issue',
          outcome: 'denied',
          reason: 'not-a-scenario-record',
          actor: { subject: null, role: null },
        });
        return html(reply.status(400), renderRefusedPage(frame(language)));
      }
      const signed = buildSignedSamlResponse(
        { issuer: testIssuer.entityId, audience: trust.spEntityId, acsUrl: trust.acsUrl, nameId, attributes },
        testIssuer.privateKeyPem,
      );
      return html(
        reply,
        renderSignedPage(frame(language), {
          acsPath,
          samlResponse: signed.samlResponse,
          relayState,
          issuer: testIssuer.entityId,
          audience: trust.spEntityId,
          nameId,
          attributes,
        }),
      );
    },
  );
}

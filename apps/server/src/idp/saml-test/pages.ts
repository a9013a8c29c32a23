import type { Language } from '@portal/domain';
import { escapeHtml, renderPage, type PageFrame } from '../pages';
import { samlTestMessages } from './i18n';
import { scenarioRecords, type Scenario, type ScenarioKey } from './scenarios';

/**
 * Pages of the SAML test issuer: server-rendered, no scripts (the strict CSP allows none), every
 * field labelled. The hand-over to the portal is a form the tester submits with "Continue": the
 * HTTP-POST binding without the usual auto-submitting script.
 */

export const TEST_ISSUER_PATH = '/idp/saml-test';

const EXTRA_STYLE =
  '<style>select{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #5f6b73;border-radius:6px;background:#fff}' +
  'h2{font-size:1.2rem;margin:24px 0 8px}h3{font-size:1rem;margin:0 0 4px}.scenarios{list-style:none;padding:0;margin:0}' +
  '.scenarios li{border:1px solid #d5dde2;border-radius:6px;padding:12px;margin:0 0 12px}.scenarios .primary{margin-top:8px}' +
  'dl{margin:0 0 16px}dt{font-weight:600}dd{margin:0 0 8px;overflow-wrap:anywhere}' +
  'button:disabled{background:#e3e7ea;color:#4a555c;border-color:#c3ccd2;cursor:not-allowed}</style>';

export interface TestIssuerFrame {
  language: Language;
  issuerName: string;
  logoUrl: string;
}

const frameFor = (frame: TestIssuerFrame): PageFrame => ({
  ...frame,
  languageHref: (language) => `${TEST_ISSUER_PATH}?lang=${language}`,
});

const SCENARIO_TEXT: Record<
  ScenarioKey,
  { title: 'binderTitle' | 'brokerTitle' | 'onlyPcpTitle'; text: 'binderText' | 'brokerText' | 'onlyPcpText' }
> = {
  binder: { title: 'binderTitle', text: 'binderText' },
  broker: { title: 'brokerTitle', text: 'brokerText' },
  'only-pcp-false': { title: 'onlyPcpTitle', text: 'onlyPcpText' },
};

const hidden = (name: string, value: string): string =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

const select = (id: string, label: string, options: readonly [string, string][]): string =>
  `<label for="${id}">${escapeHtml(label)}</label><select id="${id}" name="${id}">${options
    .map(([value, text]) => `<option value="${escapeHtml(value)}">${escapeHtml(text)}</option>`)
    .join('')}</select>`;

const textField = (id: string, label: string, value = '', extra = ''): string =>
  `<label for="${id}">${escapeHtml(label)}</label><input id="${id}" name="${id}" type="text" maxlength="300" spellcheck="false" autocomplete="off" value="${escapeHtml(value)}"${extra}>`;

export function renderScenarioPage(frame: TestIssuerFrame, scenarios: readonly Scenario[]): string {
  const t = samlTestMessages(frame.language);
  const items = scenarios
    .map((scenario) => {
      const text = SCENARIO_TEXT[scenario.key];
      const description =
        scenario.identifier === null ? t.notInData : t[text.text].replace('{id}', scenario.identifier);
      const headingId = `scenario-${scenario.key}`;
      return `<li><form method="post" action="${TEST_ISSUER_PATH}" aria-labelledby="${headingId}">${hidden('lang', frame.language)}${hidden('scenario', scenario.key)}
<h3 id="${headingId}">${escapeHtml(t[text.title])}</h3><p id="${headingId}-text">${escapeHtml(description)}</p>
<button class="primary" type="submit" aria-describedby="${headingId}-text"${scenario.identifier === null ? ' disabled' : ''}>${escapeHtml(t.signScenario)}</button></form></li>`;
    })
    .join('');
  const records = scenarioRecords(scenarios);
  const custom =
    records.length === 0
      ? `<p>${escapeHtml(t.noRecords)}</p>`
      : `<p id="custom-intro">${escapeHtml(t.customIntro)}</p><form method="post" action="${TEST_ISSUER_PATH}" aria-labelledby="custom-heading" aria-describedby="custom-intro">${hidden('lang', frame.language)}${hidden('scenario', 'custom')}
${select(
  'record',
  t.record,
  records.map(
    (record) =>
      [
        record.value,
        (record.kind === 'broker' ? t.recordBroker : t.recordPolicy).replace('{id}', record.identifier),
      ] as [string, string],
  ),
)}
${select('onlyPcp', t.onlyPcp, [
  ['', t.notSet],
  ['true', t.yes],
  ['false', t.no],
])}
${select('languagePreference', t.languagePreference, [
  ['', t.notSet],
  ['ENG', 'ENG'],
  ['ESP', 'ESP'],
  ['PT', 'PT'],
])}
${textField('relayState', t.relayState, '/account-overview')}
<button class="primary" type="submit">${escapeHtml(t.sign)}</button></form>`;
  const body = `${EXTRA_STYLE}<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p>
<h2>${escapeHtml(t.scenariosHeading)}</h2><ul class="scenarios">${items}</ul>
<h2 id="custom-heading">${escapeHtml(t.customHeading)}</h2>${custom}`;
  return renderPage(frameFor(frame), t.title, body);
}

export interface SignedPageInput {
  acsPath: string;
  samlResponse: string;
  relayState: string;
  issuer: string;
  audience: string;
  nameId: string;
  attributes: Readonly<Record<string, readonly string[]>>;
}

export function renderSignedPage(frame: TestIssuerFrame, input: SignedPageInput): string {
  const t = samlTestMessages(frame.language);
  const attributes = Object.entries(input.attributes)
    .map(([name, values]) => `${name} = ${values.join(', ')}`)
    .join('; ');
  const summary = (
    [
      [t.issuer, input.issuer],
      [t.audience, input.audience],
      [t.subject, input.nameId],
      [t.attributes, attributes || '—'],
    ] as const
  )
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const body = `${EXTRA_STYLE}<h1>${escapeHtml(t.signedTitle)}</h1><p>${escapeHtml(t.signedIntro)}</p><dl>${summary}</dl>
<form method="post" action="${escapeHtml(input.acsPath)}">${hidden('SAMLResponse', input.samlResponse)}${hidden('RelayState', input.relayState)}
<button class="primary" type="submit" autofocus>${escapeHtml(t.continue)}</button></form>
<p class="hint"><a href="${TEST_ISSUER_PATH}?lang=${frame.language}">${escapeHtml(t.back)}</a></p>`;
  return renderPage(frameFor(frame), t.signedTitle, body);
}

/** The answer to a custom assertion naming anything but a demo scenario record (400). */
export function renderRefusedPage(frame: TestIssuerFrame): string {
  const t = samlTestMessages(frame.language);
  const body = `<h1>${escapeHtml(t.refusedTitle)}</h1><p role="alert">${escapeHtml(t.refusedBody)}</p>
<p class="hint"><a href="${TEST_ISSUER_PATH}?lang=${frame.language}">${escapeHtml(t.back)}</a></p>`;
  return renderPage(frameFor(frame), t.refusedTitle, body);
}

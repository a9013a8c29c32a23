import { describe, expect, it } from 'vitest';
import { parseAdditionalProperties, parseLanguagePreference, readAssertedAttributes } from './attributes';
import { acceptedLanguage, errorPageLanguage } from './error-page';
import { safeRelayPath } from './service';

describe('SPEC §3 sign-in assertion attributes', () => {
  it('reads role, policies, additionalProperties, languagePreference and broker id', () => {
    expect(
      readAssertedAttributes({
        role: 'Broker',
        policies: ['0123456789', 'LHP-1000001-01'],
        additionalProperties: '{"OnlyPCP":"false","other":1}',
        languagePreference: 'esp',
        brokerId: '18406275',
      }),
    ).toEqual({
      roles: ['broker'],
      policyReferences: ['0123456789', 'LHP-1000001-01'],
      brokerNpn: '18406275',
      onlyPcp: false,
      languagePreference: 'ESP',
    });
  });

  it('accepts URI attribute names, lists in one value and OnlyPCP as its own attribute', () => {
    expect(
      readAssertedAttributes({
        'http://schemas.example.org/claims/Roles': ['member'],
        'urn:exchange:policies': '0123456789, 0987654321;0123456789',
        OnlyPCP: 'TRUE',
      }),
    ).toMatchObject({
      roles: ['member'],
      policyReferences: ['0123456789', '0987654321'],
      onlyPcp: true,
      brokerNpn: null,
      languagePreference: null,
    });
  });

  it('never takes staff roles from an assertion; without a known role it is a member, or a broker when one is named', () => {
    expect(readAssertedAttributes({ role: ['administrator', 'customer-service'] }).roles).toEqual(['member']);
    expect(readAssertedAttributes({ roles: 'administrator', npn: '123' }).roles).toEqual(['broker']);
  });

  it('drops values that cannot be identifiers and caps how many policies one assertion names', () => {
    const many = Array.from({ length: 30 }, (_, i) => `P${String(i).padStart(9, '0')}`);
    const read = readAssertedAttributes({ policies: [...many, "x' or 1=1", '<b>'], brokerId: 'not-an-npn' });
    expect(read.policyReferences).toHaveLength(20);
    expect(read.policyReferences).not.toContain("x'");
    expect(read.brokerNpn).toBeNull();
  });

  it('reads additionalProperties as JSON or as key=value pairs', () => {
    expect(Object.fromEntries(parseAdditionalProperties(['OnlyPCP=false; plan = HMO']))).toEqual({
      onlypcp: 'false',
      plan: 'HMO',
    });
    expect(Object.fromEntries(parseAdditionalProperties(['{"OnlyPCP":true}']))).toEqual({ onlypcp: 'true' });
    expect(Object.fromEntries(parseAdditionalProperties(['{not json', '[1,2]']))).toEqual({});
  });

  it('SPEC §4: ESP and PT are kept, ENG or anything else non-blank is ENG, blank is absent', () => {
    expect(parseLanguagePreference(' pt ')).toBe('PT');
    expect(parseLanguagePreference('ENG')).toBe('ENG');
    expect(parseLanguagePreference('FR')).toBe('ENG');
    expect(parseLanguagePreference('  ')).toBeNull();
    expect(parseLanguagePreference(undefined)).toBeNull();
  });
});

describe('where an asserted session may continue (RelayState)', () => {
  it.each(['/account-overview', '/payments/make-payment', '/admin/policy-selection/broker'])(
    'keeps the local path %s',
    (path) => {
      expect(safeRelayPath(path)).toBe(path);
    },
  );
  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'account-overview',
    '/a?next=//evil',
    '/a#x',
    '',
    undefined,
  ])('ignores %s', (value) => {
    expect(safeRelayPath(value)).toBeNull();
  });
});

describe('the language of the refusal page', () => {
  it('follows Accept-Language quality values among en, es and pt', () => {
    expect(acceptedLanguage('fr-CA, pt-BR;q=0.9, es;q=0.95')).toBe('es');
    expect(acceptedLanguage('de, es;q=0')).toBe('en');
    expect(acceptedLanguage(undefined)).toBe('en');
  });
  it("prefers the posted assertion's languagePreference", () => {
    const xml =
      '<saml:Attribute Name="languagePreference"><saml:AttributeValue xsi:type="xs:string">ESP</saml:AttributeValue></saml:Attribute>';
    expect(errorPageLanguage(Buffer.from(xml).toString('base64'), 'pt')).toBe('es');
    expect(errorPageLanguage('not base64 at all', 'pt')).toBe('pt');
  });
});

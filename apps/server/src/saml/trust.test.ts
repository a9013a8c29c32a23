import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../settings';
import { loadSamlTrust, splitCertificates, testIssuerEnabled } from './trust';

const PEM_A = '-----BEGIN CERTIFICATE-----\nQUFB\n-----END CERTIFICATE-----';
const PEM_B = '-----BEGIN CERTIFICATE-----\nQkJC\n-----END CERTIFICATE-----';

describe('SAML trust configuration', () => {
  it('derives our entity id and ACS URL from the public URL unless told otherwise', () => {
    const settings = loadSettings({ PUBLIC_URL: 'https://portal.example.org/' });
    expect(settings.saml).toEqual({
      spEntityId: 'https://portal.example.org',
      acsUrl: 'https://portal.example.org/api/v1/saml/acs',
    });
    expect(loadSettings({ SAML_SP_ENTITY_ID: 'urn:portal:sp' }).saml.spEntityId).toBe('urn:portal:sp');
  });

  it('needs the identity provider entity id and certificate together', () => {
    expect(() => loadSettings({ SAML_IDP_ENTITY_ID: 'https://exchange.example.org' })).toThrow(SettingsError);
    expect(() => loadSettings({ SAML_IDP_CERT: PEM_A })).toThrow(/SAML_IDP_ENTITY_ID and SAML_IDP_CERT/);
  });

  it('trusts the configured provider, with every certificate given (key rollover) and \\n escapes undone', () => {
    const settings = loadSettings({
      SAML_IDP_ENTITY_ID: 'https://exchange.example.org',
      SAML_IDP_CERT: `${PEM_A}\n${PEM_B}`.replaceAll('\n', '\\n'),
    });
    expect(testIssuerEnabled(settings)).toBe(false);
    const trust = loadSamlTrust(settings);
    expect(trust.testIssuer).toBeNull();
    expect(trust.idp).toEqual({
      entityId: 'https://exchange.example.org',
      certificates: [`${PEM_A}\n`, `${PEM_B}\n`],
    });
  });

  it('reads a bare base64 certificate body as one certificate', () => {
    expect(splitCertificates(' QUFB\nQkJC ')).toEqual(['QUFBQkJC']);
    expect(splitCertificates('  ')).toEqual([]);
  });

  it('trusts nobody in production without configuration, and never runs the test issuer there', () => {
    // Production also needs its payment processor (docs/decisions/016).
    const settings = loadSettings({
      NODE_ENV: 'production',
      PROCESSOR_URL: 'https://api.processor.example',
      PROCESSOR_API_KEY: 'sk_live_0123456789abcdef',
      PROCESSOR_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    });
    expect(testIssuerEnabled(settings)).toBe(false);
    expect(loadSamlTrust(settings)).toMatchObject({ idp: null, testIssuer: null });
  });
});

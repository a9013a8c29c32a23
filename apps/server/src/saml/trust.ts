import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Settings } from '../settings';

/**
 * Whom the SAML endpoint trusts (SPEC §1 "asserted session", §6 "asserted (SAML or hybrid) user"):
 * exactly one identity provider, named by its entity id and its signing certificate(s). In production
 * it comes from the environment; in demo mode without SAML_IDP_CERT it is the built-in test issuer at
 * /idp/saml-test, whose key is created once in DATA_DIR/keys.
 */
export interface SamlTrust {
  /** Our entity id: the Audience every assertion must name. */
  spEntityId: string;
  /** Our Assertion Consumer Service URL: the Recipient (and Destination) every response must name. */
  acsUrl: string;
  /** The trusted identity provider, or null when none is configured outside demo mode (every response is refused). */
  idp: { entityId: string; certificates: string[] } | null;
  /** The built-in test issuer's signing key, in demo mode only. */
  testIssuer: TestIssuerKey | null;
}

export interface TestIssuerKey {
  entityId: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

/**
 * The built-in test issuer is a demo-only part (docs/decisions/012): it runs in demo mode (never in
 * production, which refuses demo mode) and only while no external identity provider is configured.
 */
export function testIssuerEnabled(settings: Settings): boolean {
  return settings.demoMode && settings.saml.idpCert === undefined;
}

export const testIssuerEntityId = (publicUrl: string): string => `${publicUrl}/idp/saml-test`;

const PEM_BLOCK = /-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g;

/**
 * The PEM blocks of SAML_IDP_CERT: several may be given so an identity provider can roll its key over
 * (the old and the new certificate are trusted together for a while). A bare base64 body is one block.
 */
export function splitCertificates(text: string): string[] {
  const blocks = text.match(PEM_BLOCK);
  if (blocks) return blocks.map((block) => `${block.trim()}\n`);
  const bare = text.replace(/\s+/g, '');
  return bare === '' ? [] : [bare];
}

/** The test issuer's RSA key from DATA_DIR/keys/saml-test-idp.key.pem, created once (only the server's user can read it). */
export function loadOrCreateTestIssuerKey(dataDir: string, publicUrl: string): TestIssuerKey {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'saml-test-idp.key.pem');
  if (!fs.existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    // Atomic: a crash never leaves half a key, and a concurrent start reads a whole one.
    fs.renameSync(temporary, file);
  }
  const privateKeyPem = fs.readFileSync(file, 'utf8');
  const publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  return { entityId: testIssuerEntityId(publicUrl), privateKeyPem, publicKeyPem };
}

export function loadSamlTrust(settings: Settings): SamlTrust {
  const { spEntityId, acsUrl, idpEntityId, idpCert } = settings.saml;
  if (idpEntityId !== undefined && idpCert !== undefined) {
    return {
      spEntityId,
      acsUrl,
      idp: { entityId: idpEntityId, certificates: splitCertificates(idpCert) },
      testIssuer: null,
    };
  }
  if (!testIssuerEnabled(settings)) return { spEntityId, acsUrl, idp: null, testIssuer: null };
  const testIssuer = loadOrCreateTestIssuerKey(settings.dataDir, settings.publicUrl);
  // node-saml accepts an SPKI public key as well as a certificate, so no X.509 tooling is needed here.
  return {
    spEntityId,
    acsUrl,
    idp: { entityId: testIssuer.entityId, certificates: [testIssuer.publicKeyPem] },
    testIssuer,
  };
}

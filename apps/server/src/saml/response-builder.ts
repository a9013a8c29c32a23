import { randomBytes } from 'node:crypto';
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing.js';

/**
 * Builds SAML 2.0 Responses the way an exchange or broker system sends them by the HTTP-POST binding
 * (an IdP-initiated, unsolicited Response with one bearer Assertion), for the built-in test issuer and
 * the tests. Only the assertion is signed (RSA-SHA256, exclusive c14n), which is what the endpoint
 * requires; a response signature is optional in SAML and not relied on.
 */

export const SAML_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
export const SAML_ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

export interface AssertionInput {
  issuer: string;
  /** Our SP entity id (AudienceRestriction). */
  audience: string;
  /** Our ACS URL (Response Destination and SubjectConfirmationData Recipient). */
  acsUrl: string;
  nameId: string;
  /** Attribute name → values (SPEC §3 "Sign-in assertion": role, policies, additionalProperties, …). */
  attributes: Readonly<Record<string, readonly string[]>>;
  /** When it was issued (default now); NotBefore is a minute earlier to allow for clock skew. */
  issuedAt?: Date;
  /** How long it may be presented (default 5 minutes). */
  lifetimeSeconds?: number;
}

export interface BuiltResponse {
  xml: string;
  assertionId: string;
}

const escapeXml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** An xs:ID: must not start with a digit, so it starts with an underscore. */
export const newSamlId = (): string => `_${randomBytes(20).toString('hex')}`;

const instant = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The unsigned Response XML. */
export function buildSamlResponse(input: AssertionInput): BuiltResponse {
  const issuedAt = input.issuedAt ?? new Date();
  const notBefore = new Date(issuedAt.getTime() - 60_000);
  const notOnOrAfter = new Date(issuedAt.getTime() + (input.lifetimeSeconds ?? 300) * 1000);
  const assertionId = newSamlId();
  const attributes = Object.entries(input.attributes)
    .filter(([, values]) => values.length > 0)
    .map(
      ([name, values]) =>
        `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values
          .map(
            (value) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue>`,
          )
          .join('')}</saml:Attribute>`,
    )
    .join('');
  const issuer = `<saml:Issuer>${escapeXml(input.issuer)}</saml:Issuer>`;
  const xml =
    `<samlp:Response xmlns:samlp="${SAML_PROTOCOL}" xmlns:saml="${SAML_ASSERTION}" ID="${newSamlId()}" Version="2.0" IssueInstant="${instant(issuedAt)}" Destination="${escapeXml(input.acsUrl)}">` +
    issuer +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${assertionId}" Version="2.0" IssueInstant="${instant(issuedAt)}">` +
    issuer +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${escapeXml(input.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${instant(notOnOrAfter)}" Recipient="${escapeXml(input.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${instant(notBefore)}" NotOnOrAfter="${instant(notOnOrAfter)}"><saml:AudienceRestriction><saml:Audience>${escapeXml(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant(issuedAt)}" SessionIndex="${newSamlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion></samlp:Response>`;
  return { xml, assertionId };
}

/** Signs the Response's assertion (enveloped signature placed after its Issuer, as the schema wants). */
export function signAssertion(xml: string, privateKeyPem: string): string {
  return signSamlPost(xml, "/*[local-name(.)='Response']/*[local-name(.)='Assertion']", {
    privateKey: privateKeyPem,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
  });
}

/** A signed Response, base64-encoded as the HTTP-POST binding carries it in the SAMLResponse field. */
export function buildSignedSamlResponse(
  input: AssertionInput,
  privateKeyPem: string,
): BuiltResponse & { samlResponse: string } {
  const built = buildSamlResponse(input);
  const signed = signAssertion(built.xml, privateKeyPem);
  return {
    xml: signed,
    assertionId: built.assertionId,
    samlResponse: Buffer.from(signed, 'utf8').toString('base64'),
  };
}

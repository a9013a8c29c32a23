import { SAML, SamlStatusError, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import { parseXml2JsFromString } from '@node-saml/node-saml/lib/xml.js';
import type { SamlTrust } from '../../saml/trust';

/**
 * Verification of a SAML Response received by the HTTP-POST binding. node-saml checks the assertion's
 * signature against the trusted certificate (refusing unsigned assertions, several assertions, and
 * signatures that do not cover the assertion they sit in: XML signature wrapping), its validity window
 * and its audience, and reads only the signed bytes. What it leaves to us is checked here: the issuer,
 * the bearer confirmation's Recipient and validity, the Destination, the status, the signature
 * algorithm, and that the response is unsolicited (we never send AuthnRequests).
 */

/** Allowed difference between the identity provider's clock and ours. */
export const CLOCK_SKEW_MS = 60_000;
/** An assertion older than this is refused whatever its NotOnOrAfter says: it is meant to be used at once. */
export const MAX_ASSERTION_AGE_MS = 10 * 60_000;
/** A SAMLResponse larger than this (decoded) is not an assertion we expect. */
export const MAX_RESPONSE_BYTES = 100 * 1024;

export type SamlRejectReason =
  | 'not-configured'
  | 'malformed'
  | 'signature-invalid'
  | 'weak-signature'
  | 'issuer-mismatch'
  | 'audience-mismatch'
  | 'recipient-mismatch'
  | 'destination-mismatch'
  | 'expired'
  | 'not-yet-valid'
  | 'status-not-success'
  | 'solicited-response'
  | 'replayed'
  | 'invalid-assertion';

/** A refused assertion, with a reason code for the audit log (never the XML or its attributes). */
export class SamlRejected extends Error {
  constructor(readonly reason: SamlRejectReason) {
    super(`SAML response refused: ${reason}`);
  }
}

export interface VerifiedAssertion {
  id: string;
  issuer: string;
  nameId: string;
  /** The last moment the assertion could be accepted: how long its id must be remembered. */
  acceptableUntil: Date;
  attributes: Record<string, unknown>;
}

type XmlNode = Record<string, unknown>;
const isNode = (value: unknown): value is XmlNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const children = (node: unknown, name: string): XmlNode[] => {
  const value = isNode(node) ? node[name] : undefined;
  return Array.isArray(value) ? value.filter(isNode) : [];
};
const attribute = (node: XmlNode | undefined, name: string): string | undefined => {
  const attributes = node?.$;
  const value = isNode(attributes) ? attributes[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};
const text = (node: XmlNode | undefined): string | undefined =>
  typeof node?._ === 'string' ? node._.trim() : undefined;
const time = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
};

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const WEAK_ALGORITHMS = new Set([
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  'http://www.w3.org/2000/09/xmldsig#sha1',
]);

/** node-saml's error messages, mapped to reason codes (its messages are for developers, ours for the audit log). */
function reasonFor(error: unknown): SamlRejectReason {
  if (error instanceof SamlStatusError) return 'status-not-success';
  const message = error instanceof Error ? error.message : '';
  if (/\[xmldom|not a valid XML/i.test(message)) return 'malformed';
  if (/signature|Referenced node|multiple assertions|too many transforms|ID cannot refer/i.test(message))
    return 'signature-invalid';
  if (/audience/i.test(message)) return 'audience-mismatch';
  if (/expired/i.test(message)) return 'expired';
  if (/not yet valid/i.test(message)) return 'not-yet-valid';
  return 'invalid-assertion';
}

export class SamlVerifier {
  private readonly saml: SAML | null;

  constructor(private readonly trust: SamlTrust) {
    this.saml = trust.idp
      ? new SAML({
          idpCert: trust.idp.certificates,
          idpIssuer: trust.idp.entityId,
          // node-saml calls our own entity id "issuer" (the issuer of the requests we would send).
          issuer: trust.spEntityId,
          audience: trust.spEntityId,
          callbackUrl: trust.acsUrl,
          wantAssertionsSigned: true,
          wantAuthnResponseSigned: false,
          acceptedClockSkewMs: CLOCK_SKEW_MS,
          maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
          // IdP-initiated only: exchanges and broker systems send the member to us unasked.
          validateInResponseTo: ValidateInResponseTo.never,
        })
      : null;
  }

  async verify(samlResponse: string, now = Date.now()): Promise<VerifiedAssertion> {
    if (!this.saml || !this.trust.idp) throw new SamlRejected('not-configured');
    const compact = samlResponse.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new SamlRejected('malformed');
    const xml = Buffer.from(compact, 'base64').toString('utf8');
    if (xml.length > MAX_RESPONSE_BYTES || !xml.trimStart().startsWith('<'))
      throw new SamlRejected('malformed');
    // A DTD can expand entities and redefine ids: a SAML message never needs one.
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new SamlRejected('malformed');

    let profile: Profile | null;
    try {
      ({ profile } = await this.saml.validatePostResponseAsync({ SAMLResponse: compact }));
    } catch (error) {
      throw new SamlRejected(reasonFor(error));
    }
    const parsed = profile?.getAssertion?.();
    if (!profile || !parsed) throw new SamlRejected('invalid-assertion');
    // From here on only the signed assertion is read (node-saml parsed it from the verified bytes).
    const assertion = isNode(parsed.Assertion) ? parsed.Assertion : undefined;
    const id = attribute(assertion, 'ID');
    if (!assertion || !id) throw new SamlRejected('invalid-assertion');

    const issuer = text(children(assertion, 'Issuer')[0]);
    if (issuer !== this.trust.idp.entityId) throw new SamlRejected('issuer-mismatch');

    const subjectUntil = this.checkBearerConfirmation(assertion, now);
    const conditionsUntil = time(attribute(children(assertion, 'Conditions')[0], 'NotOnOrAfter'));
    const issuedAt = time(attribute(assertion, 'IssueInstant'));
    if (issuedAt === undefined) throw new SamlRejected('invalid-assertion');
    const acceptableUntil =
      Math.min(subjectUntil, conditionsUntil ?? subjectUntil, issuedAt + MAX_ASSERTION_AGE_MS) +
      CLOCK_SKEW_MS;

    await this.checkEnvelope(xml);

    const nameId = typeof profile.nameID === 'string' ? profile.nameID : '';
    if (nameId === '') throw new SamlRejected('invalid-assertion');
    const attributes = isNode(profile.attributes) ? profile.attributes : {};
    return { id, issuer, nameId, acceptableUntil: new Date(acceptableUntil), attributes };
  }

  /**
   * SAML Web SSO profile (bearer): some SubjectConfirmation with Method bearer whose data names our ACS
   * as Recipient, is not past NotOnOrAfter and answers no request. Returns that NotOnOrAfter.
   */
  private checkBearerConfirmation(assertion: XmlNode, now: number): number {
    const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation').filter(
      (confirmation) => attribute(confirmation, 'Method') === BEARER,
    );
    const data = confirmations.map((confirmation) => children(confirmation, 'SubjectConfirmationData')[0]);
    const forUs = data.filter((d) => attribute(d, 'Recipient') === this.trust.acsUrl);
    if (forUs.length === 0) throw new SamlRejected('recipient-mismatch');
    if (forUs.some((d) => attribute(d, 'InResponseTo') !== undefined))
      throw new SamlRejected('solicited-response');
    const until = forUs
      .map((d) => time(attribute(d, 'NotOnOrAfter')))
      .filter((ms): ms is number => ms !== undefined);
    const latest = Math.max(...until);
    if (until.length === 0 || now - CLOCK_SKEW_MS >= latest) throw new SamlRejected('expired');
    return latest;
  }

  /**
   * The unsigned envelope around the signed assertion: node-saml already refused a second assertion, so
   * the one Assertion below Response is the verified one. Its Destination and Issuer, when present, must
   * be ours and the IdP's; the status must be Success; the signature must not use SHA-1.
   */
  private async checkEnvelope(xml: string): Promise<void> {
    let document: unknown;
    try {
      document = await parseXml2JsFromString(xml);
    } catch {
      throw new SamlRejected('malformed');
    }
    const response = isNode(document) && isNode(document.Response) ? document.Response : undefined;
    if (!response) throw new SamlRejected('malformed');
    const destination = attribute(response, 'Destination');
    if (destination !== undefined && destination !== this.trust.acsUrl)
      throw new SamlRejected('destination-mismatch');
    const issuer = children(response, 'Issuer')[0];
    if (issuer && text(issuer) !== this.trust.idp?.entityId) throw new SamlRejected('issuer-mismatch');
    if (attribute(response, 'InResponseTo') !== undefined) throw new SamlRejected('solicited-response');
    const status = attribute(children(children(response, 'Status')[0], 'StatusCode')[0], 'Value');
    if (status !== SUCCESS) throw new SamlRejected('status-not-success');
    const signedInfo = children(
      children(children(response, 'Assertion')[0], 'Signature')[0],
      'SignedInfo',
    )[0];
    const algorithms = [
      attribute(children(signedInfo, 'SignatureMethod')[0], 'Algorithm'),
      ...children(signedInfo, 'Reference').map((reference) =>
        attribute(children(reference, 'DigestMethod')[0], 'Algorithm'),
      ),
    ];
    if (algorithms.some((algorithm) => algorithm === undefined || WEAK_ALGORITHMS.has(algorithm)))
      throw new SamlRejected('weak-signature');
  }
}

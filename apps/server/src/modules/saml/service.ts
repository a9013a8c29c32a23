import { createHash } from 'node:crypto';
import { isValidExchangeId, SAMPLE_DEPENDENT_RULES } from '@portal/domain';
import type { PortalSessions } from '../../auth/portal-sessions';
import type { Database } from '../../db/client';
import { readAssertedAttributes } from './attributes';
import { consumeAssertionId, findBrokerIdByNpn, findPoliciesByReference } from './repository';
import { SamlRejected, type SamlVerifier } from './verify';

/**
 * Turns a SAML Response into an asserted portal session (SPEC §1 "asserted session", §3 "Sign-in
 * assertion", §6 "an asserted user may see policies by assertion data including a broker id").
 */

/** Short-lived: an asserted session exists to finish one task (a binder payment, a broker's look). */
export const ASSERTED_SESSION_SECONDS = 30 * 60;

/** Where the web app picks the session up; the token travels in the fragment, never to a server. */
export const WEB_LANDING_PATH = '/auth/asserted';
export const BINDING_PAYMENT_PATH = '/payments/binding-payment';
export const DEFAULT_NEXT_PATH = '/account-overview';

export interface SamlServiceDeps {
  db: Database;
  verifier: SamlVerifier;
  portalSessions: PortalSessions;
}

export interface AcceptedAssertion {
  /** The 303 target: the web landing page with the session token in the fragment. */
  location: string;
  /** The portal session started: its token stays on the server (the web session keeps it). */
  session: { token: string; expiresAt: Date };
  subject: string;
  roles: string[];
  policyIds: string[];
  brokerId: string | null;
}

/**
 * A RelayState we may send the browser to: a path on this site (SPEC §2 routes), never another origin
 * (`//host`, `/\host`, a scheme) and nothing a browser would reinterpret. Anything else is ignored.
 */
export function safeRelayPath(relayState: string | undefined): string | null {
  const value = relayState?.trim() ?? '';
  return /^\/(?![/\\])[A-Za-z0-9\-._~/]{0,200}$/.test(value) ? value : null;
}

/** The session's subject: the IdP's NameID may be an email or a username, so only a digest of it is kept. */
const assertedSubject = (issuer: string, nameId: string): string =>
  `saml:${createHash('sha256').update(`${issuer}\n${nameId}`).digest('base64url').slice(0, 32)}`;

export async function acceptAssertion(
  deps: SamlServiceDeps,
  input: { samlResponse: string; relayState: string | undefined },
): Promise<AcceptedAssertion> {
  const assertion = await deps.verifier.verify(input.samlResponse);
  // One-time use before anything else: a valid assertion is spent even if a later step fails.
  const fresh = await consumeAssertionId(deps.db, {
    assertionId: assertion.id,
    issuer: assertion.issuer,
    expiresAt: assertion.acceptableUntil,
  });
  if (!fresh) throw new SamlRejected('replayed');

  const asserted = readAssertedAttributes(assertion.attributes);
  const matched = await findPoliciesByReference(deps.db, asserted.policyReferences);
  const brokerId = asserted.brokerNpn ? await findBrokerIdByNpn(deps.db, asserted.brokerNpn) : null;

  // A binder payment (DOMAIN "Effectuation"): the exchange sends a new enrollee to pay the first
  // premium, often before the enrolment has reached us (an exchange subscriber id we do not know yet),
  // or while every named policy still awaits its binder. SPEC §4 rule 5: that starts the binding-payment flow.
  const matchedReferences = new Set(
    matched.flatMap((policy) => [policy.exchangeSubscriberId, policy.policyNumber]),
  );
  const unknownExchangeId = asserted.policyReferences.find(
    (reference) => !matchedReferences.has(reference) && isValidExchangeId(reference, SAMPLE_DEPENDENT_RULES),
  );
  const awaitingBinder = matched.length > 0 && matched.every((policy) => policy.awaitingBinder);
  const bindingSubscriberId =
    matched.length === 0
      ? (unknownExchangeId ?? null)
      : awaitingBinder
        ? (matched[0]?.exchangeSubscriberId ?? null)
        : null;

  const subject = assertedSubject(assertion.issuer, assertion.nameId);
  const policyIds = matched.map((policy) => policy.id);
  const session = await deps.portalSessions.create({
    kind: 'asserted',
    subject,
    data: {
      roles: asserted.roles,
      policyIds,
      brokerId,
      onlyPcp: asserted.onlyPcp,
      languagePreference: asserted.languagePreference,
      bindingSubscriberId,
    },
    lifetimeSeconds: ASSERTED_SESSION_SECONDS,
  });

  const next =
    bindingSubscriberId !== null
      ? BINDING_PAYMENT_PATH
      : (safeRelayPath(input.relayState) ?? DEFAULT_NEXT_PATH);
  // The session itself becomes a cookie (docs/decisions/050); the landing page only learns where to go.
  const query = new URLSearchParams({ next }).toString();
  return {
    location: `${WEB_LANDING_PATH}?${query}`,
    session,
    subject,
    roles: asserted.roles,
    policyIds,
    brokerId,
  };
}

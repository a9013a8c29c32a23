import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, generateKeyPair, importJWK, SignJWT, type CryptoKey, type KeyObject } from 'jose';
import type { Database } from '../src/db/client';
import {
  createAccount,
  createBroker,
  createInvoice,
  createMemberWithPolicy,
  createNotification,
  createPayment,
  createScheduledPayment,
  createServiceRequest,
  createAutopaySubscription,
  createWallet,
  PASSWORD,
} from './fixtures';
import { actFor } from './acting';
import { ORIGIN, signIn } from './oidc';
import { CSRF, portalTokenOf } from './guest-session';

/**
 * Two households with their members, brokers, guests and staff, signed in through the real flows, plus
 * forged tokens: the callers of the authorization matrix.
 */
export const CALLERS = [
  'anonymous',
  'forgedAlgNone',
  'forgedWrongKey',
  'forgedWrongIssuer',
  'expired',
  'memberA',
  'memberB',
  'brokerOfRecord',
  'otherBroker',
  'guestA',
  'guestB',
  /** Customer service acting for household A (docs/decisions/043: staff act for one member at a time). */
  'customerService',
  /** Customer service acting for household B: A's records are refused them (403 acting-session-required). */
  'customerServiceForB',
  /** Issue 13: staff whose role lacks member-search (the SPEC §6 test role). */
  'staffWithoutSearch',
  'assertedA',
] as const;
export type Caller = (typeof CALLERS)[number];

export interface World {
  tokens: Record<Caller, string | null>;
  a: Awaited<ReturnType<typeof createMemberWithPolicy>>;
  b: Awaited<ReturnType<typeof createMemberWithPolicy>>;
  brokerOfRecordId: string;
  /** Records household A owns, for the routes that read them by their own id. */
  aRecords: {
    walletReferenceId: string;
    walletId: string;
    bankAccountId: string;
    notificationId: string;
    documentId: string;
    paymentId: string;
    /** A scheduled payment of A's policy that was cancelled (commands on it get as far as its state). */
    cancelledScheduledPaymentId: string;
    cancelledAutopayId: string;
    /** A completed service request of A's policy, with a file (cancelling it gets as far as its state). */
    serviceRequestId: string;
    serviceRequestAttachmentId: string;
  };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function locate(
  app: FastifyInstance,
  subscriber: { exchangeSubscriberId: string },
  dob: string,
  zip: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/guest/locate-account',
    headers: CSRF,
    payload: {
      identifierType: 'exchangeSubscriberId',
      identifier: subscriber.exchangeSubscriberId,
      dateOfBirth: dob,
      zipCode: zip,
    },
  });
  if (response.statusCode !== 200) throw new Error(`locate: ${response.statusCode}`);
  // The guest session's portal token, which the server keeps for the cookie (docs/decisions/050).
  return portalTokenOf(app, response);
}

export async function buildWorld(app: FastifyInstance, db: Database, dataDir: string): Promise<World> {
  const brokerOfRecordId = await createBroker(db);
  const otherBrokerId = await createBroker(db);
  const a = await createMemberWithPolicy(db, {
    brokerId: brokerOfRecordId,
    dob: '1980-01-15',
    zipCode: '02720',
  });
  const b = await createMemberWithPolicy(db, {
    brokerId: otherBrokerId,
    dob: '1982-07-04',
    zipCode: '01840',
  });

  const aHouseholdId = a.householdId;
  if (aHouseholdId === null) throw new Error('household A must have a household');
  const aWallet = await createWallet(db, aHouseholdId);
  const aRequest = await createServiceRequest(db, { householdId: aHouseholdId, policyId: a.policyId });
  const aRecords = {
    serviceRequestId: aRequest.id,
    serviceRequestAttachmentId: aRequest.attachmentId,
    walletReferenceId: aWallet.referenceId,
    walletId: aWallet.walletId,
    bankAccountId: aWallet.bankAccountId,
    notificationId: await createNotification(db, aHouseholdId),
    documentId: await createInvoice(db, { householdId: aHouseholdId, policyId: a.policyId }),
    paymentId: await createPayment(db, a.policyId),
    cancelledScheduledPaymentId: await createScheduledPayment(db, a.policyId, aWallet.cardToken, {
      status: 'Cancelled',
    }),
    cancelledAutopayId: await createAutopaySubscription(db, a.policyId, aWallet.cardToken, {
      state: 'Cancelled',
      endDate: '2026-01-31',
    }),
  };

  const memberA = await createAccount(db, { realm: 'consumer', roles: ['member'], memberId: a.memberId });
  const memberB = await createAccount(db, { realm: 'consumer', roles: ['member'], memberId: b.memberId });
  const brokerAccount = await createAccount(db, {
    realm: 'workforce',
    roles: ['broker'],
    brokerId: brokerOfRecordId,
  });
  const otherBrokerAccount = await createAccount(db, {
    realm: 'workforce',
    roles: ['broker'],
    brokerId: otherBrokerId,
  });
  const staff = await createAccount(db, { realm: 'workforce', roles: ['customer-service'] });
  const staffForB = await createAccount(db, { realm: 'workforce', roles: ['customer-service'] });
  const tester = await createAccount(db, { realm: 'workforce', roles: ['tester'] });

  const memberAToken = (await signIn(app, 'consumer', memberA.username, PASSWORD)).accessToken;
  const claims = decodeJwt(memberAToken);

  // Forgeries of member A's token.
  const now = Math.floor(Date.now() / 1000);
  const forged = { ...claims, iat: now, exp: now + 600 };
  const stranger = await generateKeyPair('RS256');
  const realKeyJwk = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'keys', 'idp-consumer.jwk.json'), 'utf8'),
  ) as { kid: string };
  const sign = (payload: object, key: CryptoKey | KeyObject | Uint8Array, kid: string) =>
    new SignJWT({ ...payload }).setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' }).sign(key);

  const asserted = await app.identity.portalSessions.create({
    kind: 'asserted',
    subject: 'saml:exchange:test',
    data: {
      roles: ['member'],
      policyIds: [a.policyId],
      brokerId: null,
      onlyPcp: null,
      languagePreference: 'ENG',
      bindingSubscriberId: null,
    },
    lifetimeSeconds: 1800,
  });

  const tokens: Record<Caller, string | null> = {
    anonymous: null,
    forgedAlgNone: `${base64url({ alg: 'none', typ: 'at+jwt' })}.${base64url(forged)}.`,
    forgedWrongKey: await sign(forged, stranger.privateKey, realKeyJwk.kid),
    forgedWrongIssuer: await sign(
      { ...forged, iss: 'https://idp.attacker.example' },
      stranger.privateKey,
      'attacker',
    ),
    expired: await sign(
      { ...claims, iat: now - 7200, exp: now - 3600 },
      await importJWK(realKeyJwk as never, 'RS256'),
      realKeyJwk.kid,
    ),
    memberA: memberAToken,
    memberB: (await signIn(app, 'consumer', memberB.username, PASSWORD)).accessToken,
    brokerOfRecord: (await signIn(app, 'workforce', brokerAccount.username, PASSWORD)).accessToken,
    otherBroker: (await signIn(app, 'workforce', otherBrokerAccount.username, PASSWORD)).accessToken,
    guestA: await locate(app, a, '1980-01-15', '02720'),
    guestB: await locate(app, b, '1982-07-04', '01840'),
    customerService: (await signIn(app, 'workforce', staff.username, PASSWORD)).accessToken,
    customerServiceForB: (await signIn(app, 'workforce', staffForB.username, PASSWORD)).accessToken,
    staffWithoutSearch: (await signIn(app, 'workforce', tester.username, PASSWORD)).accessToken,
    assertedA: asserted.token,
  };
  if (!String(claims.iss).startsWith(ORIGIN)) throw new Error('unexpected issuer');
  // Each staff user acts for one member, as the staff portal has them choose with a reason.
  await actFor(app, tokens.customerService ?? '', { householdId: aHouseholdId });
  await actFor(app, tokens.customerServiceForB ?? '', { householdId: b.householdId });
  return { tokens, a, b, brokerOfRecordId, aRecords };
}

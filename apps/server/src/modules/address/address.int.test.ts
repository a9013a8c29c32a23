import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PolicyAddressesSchema,
  ServiceRequestSchema,
  UpdateMailingAddressResponseSchema,
  ZipLookupSchema,
} from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import {
  addDentalPolicy,
  codesOf,
  commands,
  configLettingBrokersChange,
  signedInMember,
  type SignedInMember,
} from '../../../test/self-service';
import { addresses, auditLog, policies, serviceRequests } from '../../db/schema';
import { PLACES, COUNTIES } from '../../seed/reference/places';
import { lookUpZip } from './zip-reference';

/**
 * Issue 11 addresses: the ZIP reference (city, county, FIPS, rating area), SPEC §5's ZIP rules, the
 * mailing address applied at once to every policy that shares it, a residential move as a request — or
 * for an on-exchange policy moving to another rating area, the exchange's — the version the page read,
 * and nobody else's policy.
 */
describe('addresses', () => {
  const harness = useTestApp({ captureLogs: true });
  const send = commands(harness);
  const read = async (m: SignedInMember, policyId: string = m.policyId) =>
    PolicyAddressesSchema.parse((await send('GET', `Policy/${policyId}/addresses`, m.token)).json());
  const mailing = (m: SignedInMember, body: object, token = m.token) =>
    send('PUT', `Policy/${m.policyId}/mailing-address`, token, {
      street1: 'PO Box 4471',
      street2: '',
      city: 'Cambridge',
      state: 'MA',
      zipCode: '02139-4307',
      addressId: null,
      version: null,
      ...body,
    });
  const move = (m: SignedInMember, body: object, token = m.token) =>
    send('POST', `Policy/${m.policyId}/residential-address`, token, {
      street1: '40 Elm St',
      street2: 'Apt 2',
      city: 'Fall River',
      state: 'MA',
      ...body,
    });

  it('knows every ZIP code the demo data uses, with its county and FIPS code, and the rating area', async () => {
    for (const place of PLACES) {
      for (const zip of place.zipCodes) {
        const facts = await lookUpZip(zip);
        expect(facts, zip).toMatchObject({
          state: 'MA',
          countyName: place.county,
          fipsCode: COUNTIES[place.county].fipsCode,
        });
        expect(facts?.ratingArea, zip).toBeGreaterThanOrEqual(1);
      }
    }
    const m = await signedInMember(harness);
    const cambridge = await send('GET', 'zip/02139-4307', m.token);
    expect(ZipLookupSchema.parse(cambridge.json())).toEqual({
      zipCode: '02139',
      city: 'Cambridge',
      state: 'MA',
      countyName: 'Middlesex',
      fipsCode: '25017',
      ratingArea: 5,
    });
    expect((await send('GET', 'zip/00000', m.token)).statusCode).toBe(404);
    // A military mail ZIP code is in no state or county (the API fuzzer found it answered 500).
    expect((await send('GET', 'zip/34011', m.token)).statusCode).toBe(404);
    expect((await send('GET', 'zip/abcde', m.token)).statusCode).toBe(400);
  });

  it('applies a mailing address at once to the policies that share it, the ZIP cut to 5 and the county from the reference', async () => {
    const m = await signedInMember(harness);
    const dental = await addDentalPolicy(harness.db, m.policyId);
    const before = await read(m);
    expect(before.mailing).toBeNull();
    expect(before.residential).toMatchObject({
      zipCode: '02720',
      ratingArea: 6,
      sharedWith: [{ policyId: dental, lineOfCoverage: 'Dental' }],
    });

    const answer = await mailing(m, {});
    expect(answer.statusCode, answer.body).toBe(200);
    const done = UpdateMailingAddressResponseSchema.parse(answer.json());
    expect(done.request).toMatchObject({ type: 'mailing-address', status: 'Completed' });
    expect(done.addresses.mailing).toMatchObject({
      street1: 'PO Box 4471',
      city: 'Cambridge',
      zipCode: '02139',
      countyName: 'Middlesex',
      fipsCode: '25017',
      version: 1,
      sharedWith: [{ policyId: dental }],
    });
    // The residence did not move: the mailing address is a row of its own.
    expect(done.addresses.residential).toMatchObject({
      addressId: before.residential?.addressId,
      zipCode: '02720',
      version: 1,
    });
    expect((await read(m, dental)).mailing?.addressId).toBe(done.addresses.mailing?.addressId);

    // The next change, from the version read, changes the shared row in place for both.
    const second = await mailing(m, {
      street1: 'PO Box 99',
      zipCode: '02139',
      addressId: done.addresses.mailing?.addressId,
      version: 1,
    });
    expect(second.statusCode, second.body).toBe(200);
    const after = UpdateMailingAddressResponseSchema.parse(second.json()).addresses.mailing;
    expect(after).toMatchObject({
      addressId: done.addresses.mailing?.addressId,
      street1: 'PO Box 99',
      version: 2,
    });
    expect((await read(m, dental)).mailing).toMatchObject({ street1: 'PO Box 99', version: 2 });
  });

  it('refuses a change made from an older read with the address as it is now', async () => {
    const m = await signedInMember(harness);
    const first = UpdateMailingAddressResponseSchema.parse((await mailing(m, {})).json());
    const stale = await mailing(m, { street1: '1 Other St' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      type: 'urn:portal:problem:conflict',
      current: { address: { street1: 'PO Box 4471', version: 1 } },
    });
    const residential = (await read(m)).residential;
    const staleMove = await move(m, { zipCode: '02721', addressId: residential?.addressId, version: 7 });
    expect(staleMove.statusCode).toBe(409);
    expect(first.addresses.mailing?.version).toBe(1);
  });

  it('says what is wrong with a ZIP code, and takes an empty mailing ZIP from the reference with a warning when the city has one', async () => {
    const m = await signedInMember(harness);
    expect(codesOf(await mailing(m, { zipCode: '0213' }))).toEqual(['zip-invalid']);
    expect(codesOf(await mailing(m, { zipCode: '02999' }))).toEqual(['zip-unknown']);
    const elsewhere = await mailing(m, { zipCode: '03101' });
    expect(elsewhere.json()).toMatchObject({
      errors: [{ field: 'body.zipCode', code: 'zip-not-in-state', params: { state: 'NH' } }],
    });
    const several = await mailing(m, { zipCode: '' });
    expect(several.statusCode).toBe(422);
    expect(codesOf(several)).toEqual(['zip-needed']);
    const hudson = await mailing(m, { city: 'Hudson', zipCode: '' });
    expect(hudson.statusCode, hudson.body).toBe(200);
    const done = UpdateMailingAddressResponseSchema.parse(hudson.json());
    expect(done.zipFilledIn).toBe('01749');
    expect(done.addresses.mailing).toMatchObject({
      city: 'Hudson',
      zipCode: '01749',
      countyName: 'Middlesex',
    });
    expect(
      harness.logs.some(
        (line) => line.includes('mailing address without a ZIP code') && line.includes('"level":40'),
      ),
    ).toBe(true);
  });

  it('makes a move a request for review, and sends an on-exchange member to the exchange for a move to another rating area', async () => {
    const m = await signedInMember(harness);
    const residential = (await read(m)).residential;
    const read_ = { addressId: residential?.addressId ?? null, version: residential?.version ?? null };
    // Fall River 02720 → Cambridge 02139: rating area 6 → 5 on an on-exchange policy.
    const across = await move(m, { city: 'Cambridge', zipCode: '02139', ...read_ });
    expect(across.statusCode).toBe(422);
    const exchange = harness.app.tenant.account.exchange;
    expect(across.json()).toMatchObject({
      errors: [
        {
          field: 'body.zipCode',
          code: 'report-to-exchange',
          params: { exchange: exchange.name, url: exchange.url, phone: exchange.phone },
        },
      ],
    });
    // Fall River 02720 → New Bedford 02740: the same rating area (6): a request, and nothing moves yet.
    const within = await move(m, { city: 'New Bedford', zipCode: '02740', moveDate: '2026-12-01', ...read_ });
    expect(within.statusCode, within.body).toBe(201);
    expect(ServiceRequestSchema.parse(within.json())).toMatchObject({
      type: 'residential-address',
      status: 'Submitted',
      effectiveDate: '2026-12-01',
      details: {
        move: 'residential-address-same-rating-area',
        ratingArea: { from: 6, to: 6 },
        address: { countyName: 'Bristol', fipsCode: '25005', zipCode: '02740' },
      },
    });
    expect((await read(m)).residential).toMatchObject({ zipCode: '02720', version: 1 });

    const offExchange = await signedInMember(harness, { offExchange: true });
    const home = (await read(offExchange)).residential;
    const request = await move(offExchange, {
      city: 'Cambridge',
      zipCode: '02139',
      addressId: home?.addressId ?? null,
      version: home?.version ?? null,
    });
    expect(request.statusCode, request.body).toBe(201);
    expect(request.json()).toMatchObject({
      details: { move: 'residential-address-new-rating-area', ratingArea: { from: 6, to: 5 } },
    });
  });

  it('keeps another household out (refused and audited), and brokers without the action in role-config', async () => {
    const owner = await signedInMember(harness, { withBroker: true });
    const stranger = await signedInMember(harness);
    expect((await send('GET', `Policy/${owner.policyId}/addresses`, stranger.token)).statusCode).toBe(403);
    expect((await mailing(owner, {}, stranger.token)).statusCode).toBe(403);
    expect(
      (await move(owner, { zipCode: '02740', addressId: null, version: null }, stranger.token)).statusCode,
    ).toBe(403);
    const denied = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actingForHouseholdId, owner.householdId), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThanOrEqual(3);
    const broker = await harness.tokenFor('workforce', ['broker'], { brokerId: owner.brokerId ?? '' });
    expect((await mailing(owner, {}, broker)).json()).toMatchObject({
      type: 'urn:portal:problem:action-not-allowed',
    });
    expect(
      await harness.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.householdId, owner.householdId)),
    ).toEqual([]);
    const [policy] = await harness.db.select().from(policies).where(eq(policies.id, owner.policyId));
    expect(policy?.mailingAddressId).toBeNull();
    expect(
      await harness.db.select().from(addresses).where(eq(addresses.householdId, owner.householdId)),
    ).toHaveLength(1);
  });
});

describe('addresses, in a tenant whose brokers may change them', () => {
  const harness = useTestApp({ env: { CONFIG_DIR: configLettingBrokersChange() } });
  const send = commands(harness);

  it('lets the broker of record change his client’s mailing address, and no other broker', async () => {
    const client = await signedInMember(harness, { withBroker: true });
    const other = await signedInMember(harness, { withBroker: true });
    const body = {
      street1: 'PO Box 7',
      street2: '',
      city: 'Fall River',
      state: 'MA',
      zipCode: '02722',
      addressId: null,
      version: null,
    };
    const theirs = await harness.tokenFor('workforce', ['broker'], { brokerId: other.brokerId ?? '' });
    const ours = await harness.tokenFor('workforce', ['broker'], { brokerId: client.brokerId ?? '' });
    expect((await send('PUT', `Policy/${client.policyId}/mailing-address`, theirs, body)).statusCode).toBe(
      403,
    );
    const done = await send('PUT', `Policy/${client.policyId}/mailing-address`, ours, body);
    expect(done.statusCode, done.body).toBe(200);
    expect(UpdateMailingAddressResponseSchema.parse(done.json()).request).toMatchObject({
      requestedBy: 'broker',
      status: 'Completed',
    });
  });
});

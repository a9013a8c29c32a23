import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  ACCOUNT_NOT_FOUND_PROBLEM,
  HouseholdUserResponseSchema,
  LinkAccountResponseSchema,
  SessionInfoSchema,
} from '@portal/contracts';
import { useTestApp, type TestHarness } from '../../../test/harness';
import { configLettingBrokersChange } from '../../../test/self-service';
import { createAccount, createMemberWithPolicy, PASSWORD } from '../../../test/fixtures';
import { signIn } from '../../../test/oidc';
import { accounts, auditLog, failureEvents, members } from '../../db/schema';
import { CSRF } from '../../../test/guest-session';

/**
 * Issue 12, SPEC §2 account/home/link-account, §8, §9: a signed-in member whose account is linked to nobody
 * links it with the subscriber's member ID, date of birth and SSN (its last four digits compared). Like
 * locate-account: wrong facts and an unknown member get byte-identical answers after the same minimum time,
 * and failures are limited in the database per account, per household from all accounts and, looser, per
 * address (issue 33 item 8: never the address alone). The SSN is never stored or logged.
 */

const SSN = '212-55-4821';
let addressCounter = 0;
/** Each test guesses from its own address, so the per-address limit of one test never touches another. */
const newAddress = () => `10.12.${Math.floor((addressCounter += 1) / 250)}.${addressCounter % 250}`;

async function subscriberWithSsn(harness: TestHarness, last4 = '4821') {
  const holder = await createMemberWithPolicy(harness.db, { dob: '1979-11-02', zipCode: '02740' });
  await harness.db.update(members).set({ ssnLast4: last4 }).where(eq(members.id, holder.memberId));
  return holder;
}

async function unlinkedAccount(harness: TestHarness) {
  const account = await createAccount(harness.db, { realm: 'consumer', roles: ['member'], memberId: null });
  const token = (await signIn(harness.app, 'consumer', account.username, PASSWORD)).accessToken;
  return { ...account, token };
}

function linker(harness: TestHarness, token: string, remoteAddress: string) {
  return (body: object) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/account/link',
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
}

const get = (harness: TestHarness, url: string, token: string) =>
  harness.app.inject({
    method: url.includes('Household/user') ? 'POST' : 'GET',
    url: `/api/v1/${url}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('linking an account to a member record', () => {
  const harness = useTestApp({ captureLogs: true });

  it('links with the member ID, date of birth and SSN; the next session read shows the policy', async () => {
    const holder = await subscriberWithSsn(harness);
    const account = await unlinkedAccount(harness);
    const before = SessionInfoSchema.parse((await get(harness, 'session', account.token)).json());
    expect(before).toMatchObject({ kind: 'member', memberId: null, householdId: null });
    expect(
      HouseholdUserResponseSchema.parse((await get(harness, 'Household/user', account.token)).json())
        .policies,
    ).toEqual([]);

    const link = linker(harness, account.token, newAddress());
    const answer = await link({
      identifierType: 'policyNumber',
      identifier: holder.policyNumber.toLowerCase(),
      dateOfBirth: '1979-11-02',
      ssn: SSN,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(LinkAccountResponseSchema.parse(answer.json())).toEqual({
      memberId: holder.memberId,
      householdId: holder.householdId,
      policyCount: 1,
    });
    const [row] = await harness.db
      .select({ memberId: accounts.memberId })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    expect(row?.memberId).toBe(holder.memberId);

    // The same token: the principal is read from the account on every call.
    const after = SessionInfoSchema.parse((await get(harness, 'session', account.token)).json());
    expect(after).toMatchObject({ memberId: holder.memberId, householdId: holder.householdId });
    const household = HouseholdUserResponseSchema.parse(
      (await get(harness, 'Household/user', account.token)).json(),
    );
    expect(household.households.flatMap((entry) => entry.policies).map((policy) => policy.id)).toContain(
      holder.policyId,
    );
    expect(household.scenario.base).toBe('HouseholdAndPolicies');

    // Linked now: a second link is refused without looking at any facts.
    const again = await link({
      identifierType: 'policyNumber',
      identifier: holder.policyNumber,
      dateOfBirth: '1979-11-02',
      ssn: SSN,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: [{ code: 'account-already-linked' }] });
    const audits = await harness.db.select().from(auditLog).where(eq(auditLog.action, 'account.link'));
    expect(
      audits.some((entry) => entry.outcome === 'success' && entry.recordIds?.includes(holder.memberId)),
    ).toBe(true);
  });

  it('answers wrong facts and an unknown member byte for byte alike (SPEC §8 not found), never faster than the floor', async () => {
    const holder = await subscriberWithSsn(harness);
    const account = await unlinkedAccount(harness);
    const link = linker(harness, account.token, newAddress());
    const facts = {
      identifierType: 'exchangeSubscriberId',
      identifier: holder.exchangeSubscriberId,
      dateOfBirth: '1979-11-02',
      ssn: SSN,
    };
    const answers = [];
    for (const wrong of [
      { ...facts, ssn: '212-55-4822' },
      { ...facts, dateOfBirth: '1979-11-03' },
      { ...facts, identifier: 'NOSUCHID42' },
      { ...facts, identifierType: 'policyNumber', identifier: 'LHP-9999999-01' },
    ]) {
      const started = Date.now();
      const answer = await link(wrong);
      answers.push({ answer, elapsed: Date.now() - started });
    }
    for (const { answer, elapsed } of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(answer.body).toBe(JSON.stringify(ACCOUNT_NOT_FOUND_PROBLEM));
      expect(elapsed).toBeGreaterThanOrEqual(390);
    }
    expect(new Set(answers.map(({ answer }) => answer.headers['content-length'])).size).toBe(1);
    const [row] = await harness.db
      .select({ memberId: accounts.memberId })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    expect(row?.memberId).toBeNull();
  });

  const wrongFacts = (holder: { policyNumber: string }, i = 1) => ({
    identifierType: 'policyNumber',
    identifier: holder.policyNumber,
    dateOfBirth: '1979-11-02',
    ssn: `212-55-${String(1000 + i).padStart(4, '0')}`,
  });
  const rightFacts = (holder: { policyNumber: string }) => ({
    identifierType: 'policyNumber',
    identifier: holder.policyNumber,
    dateOfBirth: '1979-11-02',
    ssn: SSN,
  });

  it('issue 33 item 8: one member’s failures behind an address never lock out another member behind the same address', async () => {
    const holder = await subscriberWithSsn(harness);
    const address = newAddress();
    // A spouse mistypes the SSN ten times on the household's link page, from the family's one address…
    const spouse = await unlinkedAccount(harness);
    for (let i = 0; i < 10; i++)
      expect((await linker(harness, spouse.token, address)(wrongFacts(holder, i))).statusCode).toBe(404);
    expect((await linker(harness, spouse.token, address)(rightFacts(holder))).statusCode).toBe(429);
    // …and the subscriber, behind the same address with their own account, links with the right facts:
    // slowed down like every attempt on a household that failed ten times, never refused.
    const subscriber = await unlinkedAccount(harness);
    const started = Date.now();
    const linked = await linker(harness, subscriber.token, address)(rightFacts(holder));
    expect(linked.statusCode, linked.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    // Failures at locate-account (an anonymous page, counted by address) do not refuse a signed-in member's link either.
    const other = await subscriberWithSsn(harness);
    for (let i = 0; i < 10; i++) {
      const locate = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/guest/locate-account',
        headers: CSRF,
        remoteAddress: address,
        payload: {
          identifierType: 'policyNumber',
          identifier: other.policyNumber,
          dateOfBirth: '1979-11-02',
          zipCode: '01001',
        },
      });
      expect(locate.statusCode).toBe(404);
    }
    const afterLocate = await linker(
      harness,
      (await unlinkedAccount(harness)).token,
      address,
    )(rightFacts(other));
    expect(afterLocate.statusCode, afterLocate.body).toBe(200);
  });

  it('issue 33 item 8: refuses linking a household that failed 20 times from any accounts, and says nothing else changed', async () => {
    const holder = await subscriberWithSsn(harness);
    // Two accounts, each under its own limit, each from its own addresses: 20 failures on one household.
    for (const account of [await unlinkedAccount(harness), await unlinkedAccount(harness)]) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          linker(harness, account.token, newAddress())(wrongFacts(holder, i)),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 404));
    }
    const third = await unlinkedAccount(harness);
    const refused = await linker(harness, third.token, newAddress())(rightFacts(holder));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ type: 'urn:portal:problem:rate-limited' });
    const [row] = await harness.db
      .select({ memberId: accounts.memberId })
      .from(accounts)
      .where(eq(accounts.id, third.id));
    expect(row?.memberId).toBeNull();
    const refusals = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.reason, 'rate-limited-household'));
    expect(refusals.length).toBeGreaterThan(0);
    // Guest access to the household (locate-account, its own page and limits) is not refused by it.
    const located = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/guest/locate-account',
      headers: CSRF,
      remoteAddress: newAddress(),
      payload: {
        identifierType: 'policyNumber',
        identifier: holder.policyNumber,
        dateOfBirth: '1979-11-02',
        zipCode: '02740',
      },
    });
    expect(located.statusCode, located.body).toBe(200);
  });

  it('issue 33 item 8: keeps a looser ceiling per address: 100 failures from one address, over any accounts and households, refuse it', async () => {
    const address = newAddress();
    // Twelve accounts behind one address, each guessing unknown policies under its own limits: 100 failures in all.
    const accountsBehind = await Promise.all(Array.from({ length: 12 }, () => unlinkedAccount(harness)));
    let sent = 0;
    for (const account of accountsBehind) {
      const batch = Math.min(9, 100 - sent);
      const answers = await Promise.all(
        Array.from({ length: batch }, (_, i) =>
          linker(
            harness,
            account.token,
            address,
          )({
            identifierType: 'policyNumber',
            identifier: `LHP-${String(sent + i).padStart(7, '0')}-99`,
            dateOfBirth: '1979-11-02',
            ssn: SSN,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: batch }, () => 404));
      sent += batch;
    }
    expect(sent).toBe(100);
    const holder = await subscriberWithSsn(harness);
    const newcomer = await unlinkedAccount(harness);
    expect((await linker(harness, newcomer.token, address)(rightFacts(holder))).statusCode).toBe(429);
    const refusals = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.reason, 'rate-limited-address'));
    expect(refusals.length).toBeGreaterThan(0);
    // The same account from another address links.
    expect((await linker(harness, newcomer.token, newAddress())(rightFacts(holder))).statusCode).toBe(200);
  }, 60_000);

  it('refuses an account that keeps guessing one household from many addresses (per-account limit)', async () => {
    const holder = await subscriberWithSsn(harness);
    const account = await unlinkedAccount(harness);
    // Ten failures on one household, each from a different address: only the per-account counter sees them together.
    for (let i = 0; i < 10; i++) {
      const answer = await linker(
        harness,
        account.token,
        newAddress(),
      )({
        identifierType: 'policyNumber',
        identifier: holder.policyNumber,
        dateOfBirth: '1979-11-02',
        ssn: '212-55-0002',
      });
      expect(answer.statusCode).toBe(404);
    }
    const right = await linker(
      harness,
      account.token,
      newAddress(),
    )({
      identifierType: 'policyNumber',
      identifier: holder.policyNumber,
      dateOfBirth: '1979-11-02',
      ssn: SSN,
    });
    expect(right.statusCode).toBe(429);
    // Another account, from a fresh address, is slowed down (the household had 10 failures) but not refused.
    const owner = await unlinkedAccount(harness);
    const started = Date.now();
    const ownLink = await linker(
      harness,
      owner.token,
      newAddress(),
    )({
      identifierType: 'policyNumber',
      identifier: holder.policyNumber,
      dateOfBirth: '1979-11-02',
      ssn: SSN,
    });
    expect(ownLink.statusCode, ownLink.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('keeps one account per member, and says which field is missing or malformed', async () => {
    const holder = await subscriberWithSsn(harness);
    await createAccount(harness.db, { realm: 'consumer', roles: ['member'], memberId: holder.memberId });
    const account = await unlinkedAccount(harness);
    const link = linker(harness, account.token, newAddress());
    const taken = await link({
      identifierType: 'policyNumber',
      identifier: holder.policyNumber,
      dateOfBirth: '1979-11-02',
      ssn: SSN,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errors: [{ code: 'member-already-linked' }] });
    const missing = await link({
      identifierType: 'policyNumber',
      identifier: holder.policyNumber,
      dateOfBirth: '1979-11-02',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: 'body.ssn' }] });
    const invalid = await link({
      identifierType: 'policyNumber',
      identifier: holder.policyNumber,
      dateOfBirth: '1979-11-02',
      ssn: '666-12-3456',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ errors: [{ field: 'body.ssn', code: 'ssn-area-666' }] });
  });

  it('is for members’ own accounts: staff and guests lack the action, an assertion is no account', async () => {
    const staff = await harness.tokenFor('workforce', ['customer-service']);
    const body = { identifierType: 'policyNumber', identifier: 'ANY-1', dateOfBirth: '1979-11-02', ssn: SSN };
    expect((await linker(harness, staff, newAddress())(body)).json()).toMatchObject({
      type: 'urn:portal:problem:action-not-allowed',
    });
    const holder = await subscriberWithSsn(harness);
    const asserted = await harness.app.identity.portalSessions.create({
      kind: 'asserted',
      subject: 'saml:exchange:link',
      data: {
        roles: ['member'],
        policyIds: [holder.policyId],
        brokerId: null,
        onlyPcp: null,
        languagePreference: 'ENG',
        bindingSubscriberId: null,
      },
      lifetimeSeconds: 600,
    });
    expect((await linker(harness, asserted.token, newAddress())(body)).statusCode).toBe(403);
    expect(
      (await harness.app.inject({ method: 'POST', url: '/api/v1/account/link', payload: body })).statusCode,
    ).toBe(401);
  });

  it('never stores or logs the SSN', async () => {
    const holder = await subscriberWithSsn(harness, '7731');
    const account = await unlinkedAccount(harness);
    const link = linker(harness, account.token, newAddress());
    await link({
      identifierType: 'policyNumber',
      identifier: holder.policyNumber,
      dateOfBirth: '1979-11-02',
      ssn: '518-42-7730',
    });
    await link({
      identifierType: 'policyNumber',
      identifier: holder.policyNumber,
      dateOfBirth: '1979-11-02',
      ssn: '518 42 7731',
    });
    for (const digits of ['518427730', '518-42-7730', '518427731', '518 42 7731']) {
      expect(harness.logs.join('\n')).not.toContain(digits);
    }
    const dump = await harness.db.execute(
      sql`select row_to_json(a)::text as row from audit_log a union all select row_to_json(f)::text from failure_events f union all select row_to_json(c)::text from accounts c`,
    );
    const text = JSON.stringify(dump);
    expect(text).not.toContain('518427730');
    expect(text).not.toContain('518-42-7731');
    expect(text).not.toContain('518 42 7731');
    expect(await harness.db.select().from(failureEvents)).not.toHaveLength(0);
  });
});

describe('a tenant whose link-account searchable field is the ZIP code', () => {
  const configDir = configLettingBrokersChange({ linkAccount: { searchableField: 'ZipCode' } });
  const harness = useTestApp({ env: { CONFIG_DIR: configDir } });

  it('links with the member ID, date of birth and home ZIP code', async () => {
    const holder = await subscriberWithSsn(harness);
    const account = await unlinkedAccount(harness);
    const link = linker(harness, account.token, newAddress());
    expect(
      (
        await link({
          identifierType: 'policyNumber',
          identifier: holder.policyNumber,
          dateOfBirth: '1979-11-02',
          ssn: SSN,
        })
      ).json(),
    ).toMatchObject({ errors: [{ field: 'body.zipCode' }] });
    expect(
      (
        await link({
          identifierType: 'policyNumber',
          identifier: holder.policyNumber,
          dateOfBirth: '1979-11-02',
          zipCode: '02720',
        })
      ).statusCode,
    ).toBe(404);
    const answer = await link({
      identifierType: 'policyNumber',
      identifier: holder.policyNumber,
      dateOfBirth: '1979-11-02',
      zipCode: '02740-1234',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(randomUUID()).not.toBe(answer.json<{ memberId: string }>().memberId);
  });
});

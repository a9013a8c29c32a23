import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  HouseholdUserResponseSchema,
  PcpOverviewSchema,
  ProviderSearchResponseSchema,
  ServiceRequestSchema,
  SessionInfoSchema,
  type Provider,
} from '@portal/contracts';
import { navigationFor, navigationRoutes, pruneNavigation, PCP_SELECT_ROUTE } from '@portal/domain';
import { useTestApp, type TestHarness } from '../../../test/harness';
import {
  codesOf,
  commands,
  configLettingBrokersChange,
  signedInMember,
  type SignedInMember,
} from '../../../test/self-service';
import { createMemberWithPolicy } from '../../../test/fixtures';
import { auditLog, coverageSpans, members, memberSpans, notifications } from '../../db/schema';
import { demoDirectory, generateDirectory } from './directory';

const directory = demoDirectory();

/** A provider of the demo directory matching `where`. */
function providerWhere(where: (provider: Omit<Provider, 'distanceMiles'>) => boolean) {
  const found = directory.providers.find(where);
  if (!found) throw new Error('no such provider in the demo directory');
  return found;
}
const harborFamilyDoctor = (skip = 0) =>
  directory.providers.filter(
    (p) => p.networks.includes('harbor') && p.acceptingNewPatients && p.specialty === 'family-medicine',
  )[skip];

async function withChild(harness: TestHarness, m: SignedInMember, dob: string): Promise<string> {
  const [child] = await harness.db
    .insert(members)
    .values({
      householdId: m.householdId,
      folderId: `F${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      firstName: 'Kid',
      lastName: 'Member',
      dob,
      gender: 'female',
    })
    .returning({ id: members.id });
  if (!child) throw new Error('child not created');
  await harness.db.insert(memberSpans).values({
    policyId: m.policyId,
    memberId: child.id,
    relationship: 'child',
    startDate: `${new Date().getUTCFullYear() - 1}-01-01`,
    ratingAge: 8,
  });
  return child.id;
}

describe('the provider directory (issue 12, /admin/pcp-select)', () => {
  const harness = useTestApp();
  const send = commands(harness);

  it('is the same generated directory every time: a few hundred practitioners with valid NPIs in the seed’s places', () => {
    const again = generateDirectory();
    expect(again.providers).toEqual(directory.providers);
    expect(directory.providers.length).toBeGreaterThan(200);
    expect(directory.providers.length).toBeLessThan(800);
    expect(new Set(directory.providers.map((p) => p.npi)).size).toBe(directory.providers.length);
    for (const provider of directory.providers) {
      expect(provider.address.state).toBe('MA');
      expect(provider.languages).toContain('en');
      expect(provider.phone).toMatch(/^\([0-9]{3}\) 555-01[0-9]{2}$/);
    }
  });

  it('searches by specialty and language, a page at a time', async () => {
    const m = await signedInMember(harness);
    const first = await send('GET', 'providers?specialty=pediatrics&language=es&pageSize=5', m.token);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = ProviderSearchResponseSchema.parse(first.json());
    const all = directory.providers.filter((p) => p.specialty === 'pediatrics' && p.languages.includes('es'));
    expect(page1.total).toBe(all.length);
    expect(page1.items.map((p) => p.npi)).toEqual(all.slice(0, 5).map((p) => p.npi));
    const page2 = ProviderSearchResponseSchema.parse(
      (await send('GET', 'providers?specialty=pediatrics&language=es&pageSize=5&page=2', m.token)).json(),
    );
    expect(page2.items.map((p) => p.npi)).toEqual(all.slice(5, 10).map((p) => p.npi));
    expect(page2.origin).toBeNull();
  });

  it('finds names from their start, accents ignored, and practices by a word of their name', async () => {
    const m = await signedInMember(harness);
    const accented = providerWhere((p) => /[À-ž]/.test(p.lastName));
    const plain = accented.lastName.normalize('NFD').replace(/\p{M}/gu, '').slice(0, 4);
    const found = ProviderSearchResponseSchema.parse(
      (await send('GET', `providers?name=${encodeURIComponent(plain)}&pageSize=50`, m.token)).json(),
    );
    expect(found.items.map((p) => p.npi)).toContain(accented.npi);
    const practice = ProviderSearchResponseSchema.parse(
      (await send('GET', 'providers?name=pediatrics&pageSize=50', m.token)).json(),
    );
    expect(practice.total).toBeGreaterThan(0);
    for (const provider of practice.items)
      expect(provider.practiceName.toLowerCase()).toContain('pediatrics');
  });

  it('measures from a ZIP code, the nearest first, within the radius, and says where from', async () => {
    const m = await signedInMember(harness);
    const near = ProviderSearchResponseSchema.parse(
      (await send('GET', 'providers?zipCode=01702&radiusMiles=10&pageSize=50', m.token)).json(),
    );
    expect(near.origin).toEqual({ zipCode: '01702', city: 'Framingham' });
    expect(near.total).toBeGreaterThan(0);
    const distances = near.items.map((p) => p.distanceMiles ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(10);
    // Framingham practices are within a few miles; Springfield's are not within 10.
    expect(near.items.some((p) => p.address.city === 'Framingham')).toBe(true);
    expect(near.items.some((p) => p.address.city === 'Springfield')).toBe(false);
    const wider = ProviderSearchResponseSchema.parse(
      (await send('GET', 'providers?zipCode=01702&radiusMiles=50&pageSize=1', m.token)).json(),
    );
    expect(wider.total).toBeGreaterThan(near.total);
  });

  it('says which search criterion is wrong', async () => {
    const m = await signedInMember(harness);
    expect(codesOf(await send('GET', 'providers?zipCode=00000', m.token))).toEqual(['zip-unknown']);
    expect((await send('GET', 'providers?radiusMiles=10', m.token)).statusCode).toBe(400);
    expect((await send('GET', 'providers?radiusMiles=7&zipCode=02139', m.token)).statusCode).toBe(400);
    expect((await send('GET', 'providers?specialty=cardiology', m.token)).statusCode).toBe(400);
    expect((await send('GET', 'providers?name=%25', m.token)).statusCode).toBe(400);
    expect((await send('GET', 'providers?pageSize=500', m.token)).statusCode).toBe(400);
  });

  it('filters by network and by practices taking new patients', async () => {
    const m = await signedInMember(harness);
    const found = ProviderSearchResponseSchema.parse(
      (await send('GET', 'providers?network=harbor&acceptingNewPatients=true&pageSize=50', m.token)).json(),
    );
    expect(found.total).toBe(
      directory.providers.filter((p) => p.networks.includes('harbor') && p.acceptingNewPatients).length,
    );
    for (const provider of found.items)
      expect(provider).toMatchObject({
        acceptingNewPatients: true,
        networks: expect.arrayContaining(['harbor']) as string[],
      });
  });
});

describe('choosing a primary care provider (a pcp service request)', () => {
  const harness = useTestApp();
  const send = commands(harness);
  const overview = async (m: SignedInMember, token = m.token) => {
    const answer = await send('GET', `Policy/${m.policyId}/pcp`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return PcpOverviewSchema.parse(answer.json());
  };
  const choose = (m: SignedInMember, choices: { memberId: string; npi: string }[], token = m.token) =>
    send('POST', `Policy/${m.policyId}/pcp`, token, { choices });

  it('shows the members, the plan’s network, and applies a choice at once where the tenant says so', async () => {
    const m = await signedInMember(harness);
    const before = await overview(m);
    expect(before).toMatchObject({
      offered: true,
      unavailableReason: null,
      planType: 'HMO',
      network: { id: 'harbor', name: 'Harbor' },
      appliesAtOnce: true,
    });
    expect(before.members).toEqual([
      expect.objectContaining({ memberId: m.memberId, relationship: 'self', current: null, pending: null }),
    ]);

    const doctor = harborFamilyDoctor();
    if (!doctor) throw new Error('no harbor family doctor');
    const answer = await choose(m, [{ memberId: m.memberId, npi: doctor.npi }]);
    expect(answer.statusCode, answer.body).toBe(201);
    const request = ServiceRequestSchema.parse(answer.json());
    expect(request).toMatchObject({
      type: 'pcp',
      status: 'Completed',
      memberIds: [m.memberId],
      policyNumber: m.policyNumber,
    });
    expect(request.details).toMatchObject({
      choices: [
        {
          memberName: 'Test Member',
          npi: doctor.npi,
          specialty: 'family-medicine',
          practiceName: doctor.practiceName,
        },
      ],
    });

    const after = await overview(m);
    expect(after.members[0]?.current?.provider).toMatchObject({
      npi: doctor.npi,
      practiceName: doctor.practiceName,
      phone: doctor.phone,
    });
    expect(after.members[0]?.pending).toBeNull();

    // The same provider again is no change.
    expect(codesOf(await choose(m, [{ memberId: m.memberId, npi: doctor.npi }]))).toEqual(['pcp-unchanged']);
    // Another one replaces it.
    const other = harborFamilyDoctor(1);
    if (!other) throw new Error('no second harbor family doctor');
    expect((await choose(m, [{ memberId: m.memberId, npi: other.npi }])).statusCode).toBe(201);
    expect((await overview(m)).members[0]?.current?.provider.npi).toBe(other.npi);

    await harness.app.outbox.drain();
    const told = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, m.householdId));
    expect(told.map((n) => n.templateName)).toContain('notification.serviceRequestCompleted');
    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actingForHouseholdId, m.householdId));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['read', 'pcp.select']));
  });

  it('chooses for several members at once, each by their own age', async () => {
    const m = await signedInMember(harness);
    const childId = await withChild(harness, m, `${new Date().getUTCFullYear() - 8}-03-10`);
    const pediatrician = providerWhere(
      (p) => p.specialty === 'pediatrics' && p.networks.includes('harbor') && p.acceptingNewPatients,
    );
    const family = harborFamilyDoctor();
    if (!family) throw new Error('no harbor family doctor');
    // A pediatrician is no PCP for a 40-year-old; an internist none for a child.
    const wrong = await choose(m, [
      { memberId: childId, npi: pediatrician.npi },
      { memberId: m.memberId, npi: pediatrician.npi },
    ]);
    expect(wrong.json()).toMatchObject({
      errors: [
        { field: 'body.choices.1.npi', code: 'specialty-not-for-age', params: { specialty: 'pediatrics' } },
      ],
    });
    const internist = providerWhere(
      (p) => p.specialty === 'internal-medicine' && p.networks.includes('harbor') && p.acceptingNewPatients,
    );
    expect(codesOf(await choose(m, [{ memberId: childId, npi: internist.npi }]))).toEqual([
      'specialty-not-for-age',
    ]);

    const both = await choose(m, [
      { memberId: m.memberId, npi: family.npi },
      { memberId: childId, npi: pediatrician.npi },
    ]);
    expect(both.statusCode, both.body).toBe(201);
    const members = (await overview(m)).members;
    expect(members.find((member) => member.memberId === childId)?.current?.provider.npi).toBe(
      pediatrician.npi,
    );
    expect(members.find((member) => member.memberId === m.memberId)?.current?.provider.npi).toBe(family.npi);
  });

  it('refuses a provider outside the plan’s network, one taking no new patients, an unknown NPI and someone not on the policy', async () => {
    const m = await signedInMember(harness);
    const outside = providerWhere(
      (p) => !p.networks.includes('harbor') && p.acceptingNewPatients && p.specialty === 'family-medicine',
    );
    const outsideAnswer = await choose(m, [{ memberId: m.memberId, npi: outside.npi }]);
    expect(outsideAnswer.json()).toMatchObject({
      errors: [{ code: 'provider-not-in-network', params: { network: 'Harbor' } }],
    });
    const full = providerWhere(
      (p) => p.networks.includes('harbor') && !p.acceptingNewPatients && p.specialty === 'family-medicine',
    );
    expect(codesOf(await choose(m, [{ memberId: m.memberId, npi: full.npi }]))).toEqual([
      'provider-not-accepting',
    ]);
    expect(codesOf(await choose(m, [{ memberId: m.memberId, npi: '1234567893' }]))).toEqual([
      'provider-unknown',
    ]);
    const stranger = await createMemberWithPolicy(harness.db);
    const doctor = harborFamilyDoctor();
    if (!doctor) throw new Error('no harbor family doctor');
    expect(codesOf(await choose(m, [{ memberId: stranger.memberId, npi: doctor.npi }]))).toEqual([
      'not-a-member',
    ]);
    expect(
      (
        await choose(m, [
          { memberId: m.memberId, npi: doctor.npi },
          { memberId: m.memberId, npi: doctor.npi },
        ])
      ).statusCode,
    ).toBe(400);
    expect((await choose(m, [{ memberId: m.memberId, npi: '12345' }])).statusCode).toBe(400);
  });

  it('keeps another household out (refused and audited), and brokers lack the page and the action', async () => {
    const owner = await signedInMember(harness, { withBroker: true });
    const stranger = await signedInMember(harness);
    expect((await send('GET', `Policy/${owner.policyId}/pcp`, stranger.token)).statusCode).toBe(403);
    const doctor = harborFamilyDoctor();
    if (!doctor) throw new Error('no harbor family doctor');
    expect(
      (await choose(owner, [{ memberId: owner.memberId, npi: doctor.npi }], stranger.token)).statusCode,
    ).toBe(403);
    const broker = await harness.tokenFor('workforce', ['broker'], { brokerId: owner.brokerId ?? '' });
    expect((await send('GET', `Policy/${owner.policyId}/pcp`, broker)).statusCode).toBe(403);
    const refused = await choose(owner, [{ memberId: owner.memberId, npi: doctor.npi }], broker);
    expect(refused.json()).toMatchObject({ type: 'urn:portal:problem:action-not-allowed' });
    const denials = await harness.db.select().from(auditLog).where(eq(auditLog.outcome, 'denied'));
    expect(denials.map((a) => a.reason)).toEqual(
      expect.arrayContaining(['not-owner', 'page-not-granted', 'action-not-granted']),
    );
  });

  it('is not offered for a plan type outside the whitelist', async () => {
    const m = await signedInMember(harness);
    await harness.db
      .update(coverageSpans)
      .set({ planType: 'PPO' })
      .where(eq(coverageSpans.policyId, m.policyId));
    expect(await overview(m)).toMatchObject({
      offered: false,
      unavailableReason: 'not-offered',
      planType: 'PPO',
    });
    const doctor = harborFamilyDoctor();
    if (!doctor) throw new Error('no harbor family doctor');
    expect(codesOf(await choose(m, [{ memberId: m.memberId, npi: doctor.npi }]))).toEqual([
      'pcp-not-offered',
    ]);
  });
});

describe('a tenant whose PCP choices wait for review', () => {
  const configDir = configLettingBrokersChange({
    pcp: { selectionEnabled: true, planTypeWhitelist: ['HMO'], changesApplyAtOnce: false },
  });
  const harness = useTestApp({ env: { CONFIG_DIR: configDir } });
  const send = commands(harness);

  it('keeps the choice as a request under review, shows it as pending, and takes no second one meanwhile', async () => {
    const m = await signedInMember(harness);
    const doctor = harborFamilyDoctor();
    const other = harborFamilyDoctor(1);
    if (!doctor || !other) throw new Error('no harbor family doctors');
    const answer = await send('POST', `Policy/${m.policyId}/pcp`, m.token, {
      choices: [{ memberId: m.memberId, npi: doctor.npi }],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const request = ServiceRequestSchema.parse(answer.json());
    expect(request).toMatchObject({ type: 'pcp', status: 'Submitted', canCancel: true });
    const view = PcpOverviewSchema.parse((await send('GET', `Policy/${m.policyId}/pcp`, m.token)).json());
    expect(view.appliesAtOnce).toBe(false);
    expect(view.members[0]).toMatchObject({
      current: null,
      pending: {
        requestId: request.id,
        referenceNumber: request.referenceNumber,
        provider: { npi: doctor.npi },
      },
    });
    const second = await send('POST', `Policy/${m.policyId}/pcp`, m.token, {
      choices: [{ memberId: m.memberId, npi: other.npi }],
    });
    expect(second.json()).toMatchObject({
      errors: [{ code: 'request-pending', params: { reference: request.referenceNumber } }],
    });
  });
});

describe('a tenant with PCP selection turned off', () => {
  const configDir = configLettingBrokersChange({
    pcp: { selectionEnabled: false, planTypeWhitelist: ['HMO'], changesApplyAtOnce: true },
  });
  const harness = useTestApp({ env: { CONFIG_DIR: configDir } });
  const send = commands(harness);

  it('offers no choice, and refuses one', async () => {
    const m = await signedInMember(harness);
    expect(
      PcpOverviewSchema.parse((await send('GET', `Policy/${m.policyId}/pcp`, m.token)).json()),
    ).toMatchObject({ offered: false, unavailableReason: 'not-offered' });
    const doctor = harborFamilyDoctor();
    if (!doctor) throw new Error('no harbor family doctor');
    expect(
      codesOf(
        await send('POST', `Policy/${m.policyId}/pcp`, m.token, {
          choices: [{ memberId: m.memberId, npi: doctor.npi }],
        }),
      ),
    ).toEqual(['pcp-not-offered']);
  });
});

/**
 * SPEC §4 menu pruning, end to end on the server's side: what the session and household reads give (the
 * first policy's planType, the assertion's OnlyPCP) through the domain's navigation rules and the tenant's
 * real navigation, role and account files. The PCP entry exists only when selection is enabled, the first
 * policy's planType is whitelisted and the assertion does not say OnlyPCP=false.
 */
describe('SPEC §4: the PCP menu entry', () => {
  const harness = useTestApp();
  const send = commands(harness);
  const offDir = configLettingBrokersChange({
    pcp: { selectionEnabled: false, planTypeWhitelist: ['HMO', 'EPO'], changesApplyAtOnce: true },
  });
  const off = useTestApp({ env: { CONFIG_DIR: offDir } });

  async function menuHasPcp(app: TestHarness, token: string): Promise<boolean> {
    const call = commands(app);
    const session = SessionInfoSchema.parse((await call('GET', 'session', token)).json());
    const household = HouseholdUserResponseSchema.parse(
      (await call('POST', 'Household/user', token, {})).json(),
    );
    const { account, navigation, roles } = app.app.tenant;
    const items = navigationFor({
      roles: session.roles,
      scenarios: household.scenario.scenarios,
      navigation,
      roleConfig: roles,
    });
    const first = [...household.households.flatMap((entry) => entry.policies), ...household.policies][0];
    const pruned = pruneNavigation(items, {
      bindingPaymentComplete: true,
      pcpSelectionEnabled: account.pcp.selectionEnabled,
      pcpPlanTypes: account.pcp.planTypeWhitelist,
      firstPolicyPlanType: first?.planType ?? null,
      onlyPcp: session.onlyPcp,
    });
    return navigationRoutes(pruned).includes(PCP_SELECT_ROUTE);
  }

  const asserted = async (app: TestHarness, policyId: string, onlyPcp: boolean | null) =>
    (
      await app.app.identity.portalSessions.create({
        kind: 'asserted',
        subject: `saml:exchange:pcp-${String(onlyPcp)}`,
        data: {
          roles: ['member'],
          policyIds: [policyId],
          brokerId: null,
          onlyPcp,
          languagePreference: 'ENG',
          bindingSubscriberId: null,
        },
        lifetimeSeconds: 600,
      })
    ).token;

  it('shows for an HMO member with selection enabled', async () => {
    const m = await signedInMember(harness);
    expect(await menuHasPcp(harness, m.token)).toBe(true);
    // The session the web reads says nothing of OnlyPCP for a member who signed in at the provider.
    expect(SessionInfoSchema.parse((await send('GET', 'session', m.token)).json()).onlyPcp).toBeNull();
  });

  it('is pruned when the first policy’s planType is not whitelisted', async () => {
    const m = await signedInMember(harness);
    await harness.db
      .update(coverageSpans)
      .set({ planType: 'PPO' })
      .where(eq(coverageSpans.policyId, m.policyId));
    expect(await menuHasPcp(harness, m.token)).toBe(false);
    await harness.db
      .update(coverageSpans)
      .set({ planType: 'EPO' })
      .where(eq(coverageSpans.policyId, m.policyId));
    expect(await menuHasPcp(harness, m.token)).toBe(true);
  });

  it('is pruned when the assertion says OnlyPCP=false, and kept when it says true or nothing', async () => {
    const m = await signedInMember(harness);
    expect(await menuHasPcp(harness, await asserted(harness, m.policyId, false))).toBe(false);
    expect(await menuHasPcp(harness, await asserted(harness, m.policyId, true))).toBe(true);
    expect(await menuHasPcp(harness, await asserted(harness, m.policyId, null))).toBe(true);
    // The server keeps the same rule: an OnlyPCP=false session is offered no choice.
    const call = commands(harness);
    const view = PcpOverviewSchema.parse(
      (await call('GET', `Policy/${m.policyId}/pcp`, await asserted(harness, m.policyId, false))).json(),
    );
    expect(view).toMatchObject({ offered: false, unavailableReason: 'not-offered' });
  });

  it('is pruned when the tenant turned PCP selection off', async () => {
    const m = await signedInMember(off);
    expect(await menuHasPcp(off, m.token)).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDayRule } from '@portal/domain';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import type { Database } from '../../db/client';
import {
  accounts,
  addresses,
  auditLog,
  contactInformation,
  coverageSpans,
  enrollmentImports,
  enrollmentTransactions,
  finances,
  households,
  members,
  memberSpans,
  plans,
  policies,
  preferences,
} from '../../db/schema';
import { importEnrollment, type ImportSettings } from './service';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const read = (name: string) => fs.readFileSync(path.join(fixtures, name), 'latin1');

let database: TestDatabase;
let db: Database;
const settings: ImportSettings = {
  today: '2026-12-06',
  dueRule: dueDayRule({ implementation: 'constant', day: 1, offsetDays: 0 }),
  actor: { subject: 'cli:test', role: 'system' },
  demoPassword: 'Demo-Password-1',
};
const run = (name: string, overrides: Partial<ImportSettings> = {}) =>
  importEnrollment(db, { ...settings, ...overrides }, { text: read(name), fileName: name, source: 'cli' });

const policyOf = async (subscriberId: string) => {
  const [policy] = await db.select().from(policies).where(eq(policies.exchangeSubscriberId, subscriberId));
  return policy;
};

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.handle.db;
  await db.insert(plans).values({
    id: '71644MA0040002-06',
    lineOfCoverage: 'Medical',
    planName: 'Harbor Silver 87 HMO',
    metalLevel: 'Silver',
    planType: 'HMO',
    planYear: 2027,
    effectiveDate: '2027-01-01',
    effectiveEndDate: '2027-12-31',
    monthlyPremiumCents: 45000,
    deductibleCents: 150000,
    outOfPocketMaxCents: 300000,
    drugsCovered: 'Generic and preferred brand',
  });
}, 60_000);
afterAll(async () => {
  await database.dispose();
});

describe('834 import (issue 34)', () => {
  it('creates the household, both members, the policy, its premium and subsidies from a 021 with 2750 loops, audited with its file and segment', async () => {
    const { summary, ack999 } = await run('household-addition.edi');
    expect(summary).toMatchObject({
      status: 'processed',
      duplicate: false,
      transactions: 1,
      applied: 1,
      rejected: 0,
      members: { created: 2, updated: 0, terminated: 0 },
    });
    expect(summary.interchange).toEqual({ sender: 'FFMEXCHANGE', controlNumber: '000000101' });

    const policy = await policyOf('0001000001');
    expect(policy).toMatchObject({
      policyNumber: '71644MA-H1',
      lineOfCoverage: 'Medical',
      offExchange: false,
      fileSource: 'Exchange',
      enrollmentStatus: 'Pending',
    });
    const [span] = await db.select().from(coverageSpans).where(eq(coverageSpans.policyId, policy!.id));
    expect(span).toMatchObject({
      planId: '71644MA0040002-06',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      premiumAmountCents: 98050,
      taxCreditAmountCents: 41200,
      csrAmountCents: 3510,
      otherSubsidyAmountCents: 0,
      effectuatedDate: null,
    });
    // The 2750 loops' other values: the rating area on the span, the source exchange on the policy, the
    // request's submission time on the enrolment record.
    expect(span?.ratingArea).toBe('R-MA005');
    expect(policy?.sourceExchangeId).toBe('MA0');
    const [record] = await db
      .select()
      .from(enrollmentTransactions)
      .where(eq(enrollmentTransactions.policyId, policy!.id));
    expect(record?.requestSubmitted).toBe('20261130101500');
    const people = await db
      .select({
        first: members.firstName,
        relationship: memberSpans.relationship,
        dob: members.dob,
        gender: members.gender,
        ssnLast4: members.ssnLast4,
      })
      .from(memberSpans)
      .innerJoin(members, eq(members.id, memberSpans.memberId))
      .where(eq(memberSpans.policyId, policy!.id));
    expect(people).toEqual(
      expect.arrayContaining([
        // NM108 34: only the SSN's last four digits are kept (account linking).
        { first: 'Marta', relationship: 'self', dob: '1984-03-12', gender: 'female', ssnLast4: '6789' },
        { first: 'Tiago', relationship: 'child', dob: '2015-07-04', gender: 'male', ssnLast4: null },
      ]),
    );
    const [contact] = await db
      .select()
      .from(contactInformation)
      .where(eq(contactInformation.householdId, policy!.householdId!));
    expect(contact).toMatchObject({ email: 'marta.ferreira@example.org', mobilePhone: '(617) 555-0142' });
    const [language] = await db
      .select({ language: preferences.language })
      .from(preferences)
      .where(eq(preferences.householdId, policy!.householdId!));
    expect(language?.language).toBe('pt');
    const [address] = await db
      .select()
      .from(addresses)
      .where(eq(addresses.id, policy!.residentialAddressId!));
    expect(address).toMatchObject({
      street1: '77 Rua Nova St',
      street2: 'Apt 2',
      city: 'Fall River',
      state: 'MA',
      zipCode: '02720',
      fipsCode: '25005',
    });
    const [household] = await db.select().from(households).where(eq(households.id, policy!.householdId!));
    expect(household?.exchangeId).toBe('APP-0001000001');
    // The finance module computed the binder: the first month's share after APTC, due before coverage starts.
    const [finance] = await db.select().from(finances).where(eq(finances.policyId, policy!.id));
    expect(finance).toMatchObject({ status: 'Binder', premiumAmountDueCents: 98050 - 41200 });
    // Demo mode: the subscriber signs in as x12.<subscriber id>.
    const [account] = await db.select().from(accounts).where(eq(accounts.username, 'x12.0001000001'));
    expect(account?.roles).toEqual(['member']);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'enrollment.834.021'),
          eq(auditLog.actingForHouseholdId, policy!.householdId!),
        ),
      );
    expect(audit?.route).toBe('834 household-addition.edi ISA13 000000101 ST02 0001 segment 8');
    expect(audit?.recordIds).toEqual([policy!.id]);
    // The 999 accepts the set.
    expect(ack999).toContain('AK2*834*0001*005010X220A1~');
    expect(ack999).toContain('IK5*A~');
    expect(ack999).toContain('AK9*A*1*1*1~');
  });

  it('imports the same interchange (ISA06 + ISA13) twice without changing anything, and says so', async () => {
    const before = await db.select().from(members);
    const { summary } = await run('household-addition.edi');
    expect(summary.duplicate).toBe(true);
    expect(summary.applied).toBe(1);
    expect(await db.select().from(members)).toHaveLength(before.length);
    // One processed import; the re-sending is recorded beside it as a duplicate (decision 056).
    const rows = await db
      .select()
      .from(enrollmentImports)
      .where(eq(enrollmentImports.controlNumber, '000000101'));
    expect(rows.map((row) => row.status).sort()).toEqual(['duplicate', 'processed']);
  });

  it('reads element separator | from the ISA: a 001 from March splits the span at its effective date with the new APTC and rating area', async () => {
    const { summary } = await run('change-pipe.edi');
    expect(summary).toMatchObject({ applied: 1, rejected: 0 });
    const policy = await policyOf('0001000001');
    const spans = await db
      .select()
      .from(coverageSpans)
      .where(eq(coverageSpans.policyId, policy!.id))
      .orderBy(coverageSpans.startDate);
    expect(
      spans.map((s) => [s.startDate, s.endDate, s.taxCreditAmountCents, s.premiumAmountCents, s.ratingArea]),
    ).toEqual([
      ['2027-01-01', '2027-02-28', 41200, 98050, 'R-MA005'],
      ['2027-03-01', '2027-12-31', 50000, 98050, 'R-MA006'],
    ]);
    const [contact] = await db
      .select()
      .from(contactInformation)
      .where(eq(contactInformation.householdId, policy!.householdId!));
    expect(contact?.mobilePhone).toBe('(508) 555-0199');
  });

  it('compares a 030 audit without changing anything', async () => {
    const { summary } = await run('audit-compare.edi');
    expect(summary.applied).toBe(1);
    // The file names another member (Okafor) than the records: reported, not applied.
    expect(summary.audits[0]?.differences).toEqual(
      expect.arrayContaining(['member 0001000001 (name or date of birth)']),
    );
    const [member] = await db.select().from(members).where(eq(members.exchangeMemberId, '0001000001'));
    expect(member?.lastName).toBe('Ferreira');
  });

  it('ends the household on a 024 and brings it back on a 025', async () => {
    await run('termination.edi');
    let policy = await policyOf('0001000001');
    let spans = await db
      .select()
      .from(coverageSpans)
      .where(eq(coverageSpans.policyId, policy!.id))
      .orderBy(coverageSpans.startDate);
    expect(spans.map((s) => [s.startDate, s.endDate, s.cancelled])).toEqual([
      ['2027-01-01', '2027-02-28', false],
      ['2027-03-01', '2027-04-30', false],
    ]);
    const ended = await db
      .select({ end: memberSpans.endDate })
      .from(memberSpans)
      .where(eq(memberSpans.policyId, policy!.id));
    expect(ended.every((row) => row.end === '2027-04-30')).toBe(true);

    const { summary } = await run('reinstatement.edi');
    expect(summary).toMatchObject({ applied: 1, rejected: 0 });
    policy = await policyOf('0001000001');
    expect(policy?.enrollmentType).toBe('Reinstatement');
    spans = await db
      .select()
      .from(coverageSpans)
      .where(eq(coverageSpans.policyId, policy!.id))
      .orderBy(coverageSpans.startDate);
    expect(spans.at(-1)?.endDate).toBe('2027-12-31');
    // The members are covered again to the same end.
    const restored = await db
      .select({ end: memberSpans.endDate, cancelled: memberSpans.cancelled })
      .from(memberSpans)
      .where(eq(memberSpans.policyId, policy!.id));
    expect(restored.length).toBeGreaterThan(0);
    expect(restored.every((row) => row.end === '2027-12-31' && !row.cancelled)).toBe(true);
  });

  it('holds a termination that arrives before its addition, and applies it when the addition comes', async () => {
    const first = await run('termination-before-addition.edi');
    expect(first.summary).toMatchObject({ transactions: 1, applied: 0, held: 1, rejected: 0 });
    expect(await policyOf('0002000001')).toBeUndefined();

    const second = await run('addition-late.edi');
    expect(second.summary).toMatchObject({ applied: 1, released: 1, members: { created: 1, terminated: 1 } });
    const policy = await policyOf('0002000001');
    const [span] = await db.select().from(coverageSpans).where(eq(coverageSpans.policyId, policy!.id));
    expect(span).toMatchObject({
      startDate: '2027-01-01',
      endDate: '2027-03-31',
      taxCreditAmountCents: 30000,
      premiumAmountCents: 65000,
    });
  });

  it('changes a household on a 001: address, language, e-mail, a dependent ended and one added; a later 024 before the start cancels it all', async () => {
    const file = (control: string, name: string, segments: string[]) =>
      importEnrollment(db, settings, {
        text: [
          `ISA*00*          *00*          *ZZ*FFMEXCHANGE    *ZZ*71644MA        *261201*0930*^*00501*${control}*0*T*:~`,
          'GS*BE*FFMEXCHANGE*71644MA*20261201*0930*1*X*005010X220A1~',
          'ST*834*0001*005010X220A1~',
          `BGN*00*REF${control}*20261201*0930****2~`,
          ...segments.map((segment) => `${segment}~`),
          `SE*${String(segments.length + 3)}*0001~`,
          'GE*1*1~',
          `IEA*1*${control}~`,
        ].join('\n'),
        fileName: name,
        source: 'cli',
      });
    const plan = 'REF*CE*71644MA0040002-06';
    const added = await file('000000601', 'rocha-addition.edi', [
      'INS*Y*18*021*25*A',
      'REF*0F*0004000001',
      'REF*17*0004000001',
      'REF*1L*71644MA-H4',
      'NM1*IL*1*Rocha*Ana',
      'PER*IP**TE*5085550100*EM*ana.rocha@example.org',
      'N3*12 Pine St',
      'N4*Worcester*MA*01608**CY*25027',
      'DMG*D8*19800505*F',
      'LUI*LE*por**7',
      'HD*021**HLT**FAM',
      'DTP*348*D8*20270101',
      plan,
      'LX*1',
      'N1*75*PRE AMT TOT',
      'REF*9X*900.00',
      'DTP*007*D8*20270101',
      'INS*N*19*021*25*A',
      'REF*0F*0004000001',
      'REF*17*0004000002',
      'NM1*IL*1*Rocha*Bia',
      'DMG*D8*20120202*F',
      'HD*021**HLT**FAM',
      'DTP*348*D8*20270101',
      plan,
    ]);
    expect(added.summary).toMatchObject({ applied: 1, rejected: 0, members: { created: 2 } });
    const policy = await policyOf('0004000001');
    const householdId = policy!.householdId!;
    const addressBefore = (
      await db.select().from(addresses).where(eq(addresses.id, policy!.residentialAddressId!))
    )[0];
    const preferencesBefore = (
      await db.select().from(preferences).where(eq(preferences.householdId, householdId))
    )[0];
    const contactBefore = (
      await db.select().from(contactInformation).where(eq(contactInformation.householdId, householdId))
    )[0];

    const changed = await file('000000602', 'rocha-change.edi', [
      'INS*Y*18*001*25*A',
      'REF*0F*0004000001',
      'REF*17*0004000001',
      'NM1*IL*1*Rocha*Ana',
      'PER*IP**EM*ana.new@example.org',
      'N3*40 Oak Ave',
      'N4*Lowell*MA*01852**CY*25017',
      'LUI*LE*spa**7',
      'HD*001**HLT**FAM',
      'DTP*348*D8*20270101',
      plan,
      'INS*N*19*024*07*A',
      'REF*0F*0004000001',
      'REF*17*0004000002',
      'NM1*IL*1*Rocha*Bia',
      'HD*024**HLT**FAM',
      'DTP*349*D8*20270331',
      'INS*N*19*021*25*A',
      'REF*0F*0004000001',
      'REF*17*0004000003',
      'NM1*IL*1*Rocha*Caio',
      'DMG*D8*20200303*M',
      'HD*021**HLT**FAM',
      'DTP*348*D8*20270401',
      plan,
    ]);
    expect(changed.summary).toMatchObject({
      applied: 1,
      rejected: 0,
      members: { created: 1, updated: 1, terminated: 1 },
    });
    const [address] = await db
      .select()
      .from(addresses)
      .where(eq(addresses.id, policy!.residentialAddressId!));
    expect(address).toMatchObject({
      street1: '40 Oak Ave',
      city: 'Lowell',
      zipCode: '01852',
      fipsCode: '25017',
      countyName: addressBefore!.countyName,
      version: addressBefore!.version + 1,
    });
    // The language changes; the preferences' version is left as it was.
    const [preference] = await db.select().from(preferences).where(eq(preferences.householdId, householdId));
    expect(preference).toMatchObject({ language: 'es', version: preferencesBefore!.version });
    const [contact] = await db
      .select()
      .from(contactInformation)
      .where(eq(contactInformation.householdId, householdId));
    expect(contact).toMatchObject({
      email: 'ana.new@example.org',
      mobilePhone: '(508) 555-0100',
      version: contactBefore!.version + 1,
    });
    const [subscriber] = await db.select().from(members).where(eq(members.exchangeMemberId, '0004000001'));
    expect(subscriber?.email).toBe('ana.new@example.org');
    const spansOf = async () =>
      (
        await db
          .select({
            memberId: members.exchangeMemberId,
            relationship: memberSpans.relationship,
            startDate: memberSpans.startDate,
            endDate: memberSpans.endDate,
            cancelled: memberSpans.cancelled,
          })
          .from(memberSpans)
          .innerJoin(members, eq(members.id, memberSpans.memberId))
          .where(eq(memberSpans.policyId, policy!.id))
      ).sort((a, b) => (a.memberId ?? '').localeCompare(b.memberId ?? ''));
    expect(await spansOf()).toEqual([
      {
        memberId: '0004000001',
        relationship: 'self',
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        cancelled: false,
      },
      {
        memberId: '0004000002',
        relationship: 'child',
        startDate: '2027-01-01',
        endDate: '2027-03-31',
        cancelled: false,
      },
      {
        memberId: '0004000003',
        relationship: 'child',
        startDate: '2027-04-01',
        endDate: '2027-12-31',
        cancelled: false,
      },
    ]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'enrollment.834.001'), eq(auditLog.actingForHouseholdId, householdId)));
    expect(audit).toMatchObject({
      actorSubject: 'cli:test',
      actorRole: 'system',
      route: '834 rocha-change.edi ISA13 000000602 ST02 0001 segment 5',
      recordType: 'policy',
      recordIds: [policy!.id],
      outcome: 'success',
    });

    // Ended the day before it began: cancelled — the coverage, every member's span, the policy and its billing.
    const cancelled = await file('000000603', 'rocha-cancel.edi', [
      'INS*Y*18*024*59*A',
      'REF*0F*0004000001',
      'REF*17*0004000001',
      'NM1*IL*1*Rocha*Ana',
      'HD*024**HLT**FAM',
      'DTP*348*D8*20270101',
      'DTP*349*D8*20261231',
      plan,
    ]);
    expect(cancelled.summary).toMatchObject({ applied: 1, rejected: 0, members: { terminated: 3 } });
    expect(await policyOf('0004000001')).toMatchObject({ enrollmentStatus: 'Cancelled' });
    const spans = await db.select().from(coverageSpans).where(eq(coverageSpans.policyId, policy!.id));
    expect(spans.map((span) => span.cancelled)).toEqual([true]);
    expect((await spansOf()).map((span) => span.cancelled)).toEqual([true, true, true]);
    const [finance] = await db.select().from(finances).where(eq(finances.policyId, policy!.id));
    expect(finance?.status).toBe('Terminated');
  });

  it('rejects a set with an unknown plan, one without a subscriber and one with an impossible date on their own; the rest applies; the 999 says which', async () => {
    const { summary, ack999 } = await run('mixed-rejections.edi');
    expect(summary).toMatchObject({ transactions: 4, applied: 1, rejected: 3 });
    expect(summary.rejections.map((rejection) => [rejection.controlNumber, rejection.reason])).toEqual([
      ['0002', 'unknown HIOS plan id 99999MA9999999-01'],
      ['0003', 'missing subscriber: no INS loop with INS01 Y'],
      ['0004', 'DTP03 20270230 is not a calendar date'],
    ]);
    // Each names its segment in the file: the REF*CE, the ST of the set without a subscriber, the DTP*348.
    const lines = read('mixed-rejections.edi').split('\n');
    expect(summary.rejections.map((rejection) => lines[rejection.segment - 1]?.slice(0, 7))).toEqual([
      'REF*CE*',
      'ST*834*',
      'DTP*348',
    ]);
    expect(await policyOf('0003000001')).toBeDefined();
    expect(await policyOf('0003000002')).toBeUndefined();
    // The unknown plan's REF*CE is the 12th segment of its set.
    expect(ack999).toContain('AK2*834*0002*005010X220A1~\nIK3*REF*12**8~');
    expect(ack999).toContain('AK9*P*4*4*1~');
    // Its component separator (|) is the answer's too.
    expect(ack999?.split('\n')[0]?.slice(-2)).toBe('|~');
  });

  it('refuses a malformed file whole with the segment number and reason, applying nothing', async () => {
    const count = (await db.select().from(policies)).length;
    const se = await run('broken-se-count.edi');
    expect(se.summary.status).toBe('refused');
    expect(se.summary.refused?.segment).toBe(23);
    expect(se.summary.refused?.reason).toContain('SE01 (99)');
    expect(se.ack999).toBeNull();
    expect(se.ta1).toContain('TA1*000000401*261201*0930*R*');

    const isa = await run('broken-isa.edi');
    expect(isa.summary.refused?.segment).toBe(1);
    expect(isa.summary.refused?.reason).toContain('ISA');

    const iea = await run('broken-iea.edi');
    expect(iea.summary.refused?.reason).toContain('IEA02');
    expect(iea.ta1).toContain('TA1*000000501*261201*0930*R*001~');
    expect(await db.select().from(policies)).toHaveLength(count);
  });
});

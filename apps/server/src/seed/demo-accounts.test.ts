import { addDays, addMonths, monthRuns, monthsBetween, type CalendarDate } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../settings';
import { buildDemoData, DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { demoGuestFacts } from './demo-households';
import { accountScenarios, guestScenarios } from './scenario-facts';
import { buildShared } from './shared';

// The demo must tell the same story whatever day it is started on: month ends, January, open
// enrolment, a leap day.
const DAYS: CalendarDate[] = [
  '2026-11-22',
  '2026-12-31',
  '2027-01-01',
  '2027-01-15',
  '2027-01-31',
  '2027-02-01',
  '2027-02-28',
  '2027-03-31',
  '2027-05-01',
  '2027-06-15',
  '2027-08-31',
  '2027-10-31',
  '2027-11-01',
  '2027-12-15',
  '2028-02-29',
];

describe('README "Demo accounts"', () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Demo accounts'),
    readme.indexOf('## Environment variables'),
  );

  it('lists every account with its realm and role, and the shared password', () => {
    expect(section).toContain(DEMO_PASSWORD);
    for (const account of DEMO_ACCOUNTS) {
      expect(section).toMatch(
        new RegExp(
          `\\| \`${account.username.replace('.', '\\.')}\` \\| ${account.realm} \\| ${account.roles.join(', ')} \\|`,
        ),
      );
      for (const scenario of account.scenarios ?? []) expect(section).toContain(scenario);
    }
  });

  it('gives the guest facts the data really has', () => {
    for (const account of DEMO_ACCOUNTS.filter((candidate) => candidate.guestScenario)) {
      const facts = demoGuestFacts(account.household!);
      const row = section.split('\n').find((line) => line.startsWith(`| ${account.guestScenario!} |`));
      expect(row, account.username).toBeDefined();
      for (const value of [
        facts.exchangeSubscriberId ?? '(off-exchange)',
        facts.policyNumber,
        facts.dob,
        facts.zipCode,
      ])
        expect(row).toContain(value);
    }
    expect(section).toContain(demoGuestFacts('ana').exchangeSubscriberId);
  });
});

describe.each(DAYS)('the named demo accounts on %s', (today) => {
  const shared = buildShared({ households: 0, seed: 'demo', today });
  const { rows, households } = buildDemoData(shared, () => 'not-a-real-hash');

  it('show the navigation scenarios the README promises (SPEC §4, domain rules)', () => {
    for (const account of DEMO_ACCOUNTS.filter((candidate) => candidate.scenarios)) {
      expect(accountScenarios(rows, account.username, today).scenarios, account.username).toEqual(
        account.scenarios,
      );
    }
    for (const account of DEMO_ACCOUNTS.filter((candidate) => candidate.guestScenario)) {
      const facts = demoGuestFacts(account.household!);
      const located = facts.exchangeSubscriberId
        ? { exchangeSubscriberId: facts.exchangeSubscriberId, dob: facts.dob, zipCode: facts.zipCode }
        : { policyNumber: facts.policyNumber, dob: facts.dob, zipCode: facts.zipCode };
      expect(guestScenarios(rows, located, today).base, account.username).toBe(account.guestScenario);
    }
  });

  const financeOf = (key: keyof typeof households, sequence = 0) => {
    const policy = households[key].policies[sequence]!;
    return rows.finances.find((finance) => finance.policyId === policy.id)!;
  };

  it('keeps Kevin in month 2 of the APTC grace period, with a past amount due and a grace notice', () => {
    const finance = financeOf('kevin');
    expect(finance.status).toBe('GracePeriod');
    // Month 1 of the grace period was last month; this month is month 2.
    expect(finance.gracePeriodStartDate).toBe(addMonths(`${today.slice(0, 7)}-01`, -1));
    expect(finance.gracePeriodEndDate! > today).toBe(true);
    // Last month's premium is past due, and from the 2nd of the month this month's too.
    expect(finance.pastAmountDueCents).toBeGreaterThanOrEqual(
      today.endsWith('-01') ? 1 : finance.premiumAmountDueCents + 1,
    );
    expect(
      rows.documents.some(
        (document) =>
          document.policyId === households.kevin.policies[0]!.id && document.subtype === 'grace-period',
      ),
    ).toBe(true);
  });

  it('lets Aisha reinstate a policy terminated for non-payment before it expires', () => {
    const eligibility = rows.reinstatementEligibility.find(
      (row) => row.policyId === households.aisha.policies[0]!.id,
    )!;
    expect(eligibility.reinstatementStatus).toBe('Eligible');
    expect(eligibility.expirationDate! > today).toBe(true);
    expect(eligibility.amountDueCents).toBeGreaterThan(0);
    expect(households.aisha.policies[0]!.enrollmentStatus).toBe('Terminated');
  });

  it('asks Aisha to reinstate for the months past due and each month since her coverage ended, from one ledger', () => {
    const policyId = households.aisha.policies[0]!.id;
    const eligibility = rows.reinstatementEligibility.find((row) => row.policyId === policyId)!;
    const finance = financeOf('aisha');
    const coverageEnd = rows.coverageSpans
      .filter((span) => span.policyId === policyId && !span.cancelled)
      .map((span) => span.endDate!)
      .sort()
      .at(-1)!;
    // Terminated at the end of grace month 1 (45 CFR 156.270): that month is past due.
    expect(finance.pastDueMonths).toEqual([`${coverageEnd.slice(0, 7)}-01`]);
    expect(finance.pastAmountDueCents).toBeGreaterThan(0);
    // The amount due is the past due amount: nothing is billed after the coverage ended.
    expect(finance.currentAmountDueCents).toBe(0);
    expect(finance.currentDueMonths).toEqual([]);
    const since = monthsBetween(addDays(coverageEnd, 1), today);
    expect(since.length).toBeGreaterThanOrEqual(3);
    expect(eligibility.months).toEqual([...finance.pastDueMonths!, ...since]);
    // Her share does not change after the coverage ended (the last span carried on): the amounts add up.
    expect(eligibility.amountDueCents).toBe(
      finance.pastAmountDueCents! + since.length * finance.premiumAmountDueCents,
    );
  });

  it('says which months Kevin’s amounts are for: from grace month 1 on, then the month invoiced', () => {
    const finance = financeOf('kevin');
    const owed = [...finance.pastDueMonths!, ...finance.currentDueMonths!];
    // Paid through two months ago: the months past due begin with last month, grace month 1.
    expect(finance.pastDueMonths![0]).toBe(addMonths(`${today.slice(0, 7)}-01`, -1));
    // One run of months, past due first: nothing owed is skipped or named twice.
    expect(monthRuns(owed)).toHaveLength(1);
    expect(new Set(owed).size).toBe(owed.length);
  });

  it('gives Maria autopay, a card and a bank account, invoices and read and unread notifications', () => {
    expect(
      households.maria.policies.every(
        (policy) => policy.autopayStart !== null && policy.financeStatus === 'Current',
      ),
    ).toBe(true);
    const walletId = rows.wallets.find((wallet) => wallet.householdId === households.maria.householdId)!.id;
    expect(rows.walletCards.filter((card) => card.walletId === walletId)).toHaveLength(1);
    expect(rows.walletBankAccounts.filter((bank) => bank.walletId === walletId)).toHaveLength(1);
    expect(households.maria.policies[0]!.invoices.length).toBeGreaterThanOrEqual(5);
    const notifications = rows.notifications.filter(
      (notification) => notification.householdId === households.maria.householdId,
    );
    expect(notifications.some((notification) => notification.readAt === null)).toBe(true);
    expect(notifications.some((notification) => notification.readAt !== null)).toBe(true);
    // Tax forms reach members by 31 January.
    if (today > `${today.slice(0, 4)}-01-31`)
      expect(households.maria.policies[0]!.taxForms.map((form) => form.subtype)).toContain('1095-A');
  });

  it('gives João pending scheduled payments and one merged period of coverage across his plan change', () => {
    expect(households.joao.policies[0]!.scheduled.length).toBeGreaterThan(0);
    const spans = rows.coverageSpans.filter((span) => span.policyId === households.joao.policies[0]!.id);
    expect(new Set(spans.map((span) => span.planId.slice(7, 10))).size).toBe(1);
    for (let index = 1; index < spans.length; index++)
      expect(addDays(spans[index - 1]!.endDate!, 1)).toBe(spans[index]!.startDate);
  });

  it('dates documents on the billing and coverage timeline: one invoice per month, no renewal notice before coverage starts', () => {
    const starts = new Map<string, string>();
    for (const span of rows.coverageSpans) {
      const start = starts.get(span.policyId);
      if (!start || span.startDate < start) starts.set(span.policyId, span.startDate);
    }
    const periods = new Set<string>();
    for (const document of rows.documents) {
      if (document.type === 'invoice') {
        const period = `${document.policyId}:${document.periodStart}`;
        expect(periods.has(period), `two invoices for ${period}`).toBe(false);
        periods.add(period);
      }
      if (document.subtype === 'renewal' && document.policyId)
        expect(
          document.documentDate >= starts.get(document.policyId)!,
          'renewal notice before coverage',
        ).toBe(true);
    }
    const ana = rows.documents.filter((document) => document.policyId === households.ana.policies[0]!.id);
    expect(ana.filter((document) => document.type === 'invoice').map((document) => document.subtype)).toEqual(
      ['binder'],
    );
    expect(ana.some((document) => document.subtype === 'renewal')).toBe(false);
  });

  it('leaves Ana Costa with a binder to pay and no member link', () => {
    expect(financeOf('ana').status).toBe('Binder');
    expect(financeOf('ana').currentAmountDueCents).toBe(financeOf('ana').premiumAmountDueCents);
    expect(rows.accounts.find((account) => account.username === 'ana.costa')!.memberId).toBeNull();
  });
});

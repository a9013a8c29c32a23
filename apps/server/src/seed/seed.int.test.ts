import {
  addDays,
  deepMerge,
  hasPermission,
  MEMBER_SEARCH_PERMISSION,
  monthsBetween,
  type RoleConfig,
} from '@portal/domain';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import baselineRoles from '../../../../config/baseline/role-config.json';
import tenantRoles from '../../../../config/role-config.json';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import * as schema from '../db/schema';
import { verifyPassword } from '../lib/password';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { demoGuestFacts } from './demo-households';
import { accountScenarios, guestScenarios, type ScenarioRows } from './scenario-facts';
import {
  countHouseholds,
  demoToday,
  seedDatabase,
  seedDemoDataIfEmpty,
  STARTUP_HOUSEHOLDS,
  type SeedSummary,
} from './seed';

const today = demoToday();
let database: TestDatabase;
let summary: SeedSummary;
let rows: ScenarioRows;

async function query<T>(statement: SQL): Promise<T[]> {
  const result: unknown = await database.handle.db.execute(statement);
  return (result as { rows: T[] }).rows;
}

beforeAll(async () => {
  database = await openTestDatabase();
  summary = await seedDatabase(database.handle, {
    households: 200,
    seed: 'integration',
    today,
    chunkSize: 64,
  });
  const { db } = database.handle;
  rows = {
    accounts: await db.select().from(schema.accounts),
    members: await db.select().from(schema.members),
    policies: await db.select().from(schema.policies),
    coverageSpans: await db.select().from(schema.coverageSpans),
    reinstatementEligibility: await db.select().from(schema.reinstatementEligibility),
    addresses: await db.select().from(schema.addresses),
  };
});

afterAll(async () => {
  await database.dispose();
});

describe('seeding 200 generated households', () => {
  it('passes every constraint of the schema and stores every row it made', async () => {
    expect(await countHouseholds(database.handle.db)).toBe(summary.counts.households);
    expect(summary.counts.households).toBe(
      200 + DEMO_ACCOUNTS.filter((account) => account.household && account.household !== 'grace').length,
    );
    for (const [table, count] of Object.entries(summary.counts)) {
      const name = table.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
      const [stored] = await query<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(name)}`,
      );
      expect(stored?.n, table).toBe(count);
    }
  });

  it('stores the accounts with the one demo password', async () => {
    const hashes = await query<{ password_hash: string }>(
      sql`select password_hash from accounts where username in ('maria.santos', 'cs.agent')`,
    );
    expect(hashes).toHaveLength(2);
    for (const { password_hash } of hashes) {
      expect(verifyPassword(DEMO_PASSWORD, password_hash)).toBe(true);
      expect(verifyPassword('wrong', password_hash)).toBe(false);
    }
  });
});

describe('named demo accounts', () => {
  it.each(
    DEMO_ACCOUNTS.filter((account) => account.scenarios).map(
      (account) => [account.username, account] as const,
    ),
  )('%s gets the navigation scenarios of SPEC §4 it is documented with', (username, account) => {
    expect(accountScenarios(rows, username, today).scenarios).toEqual(account.scenarios);
  });

  it.each(
    DEMO_ACCOUNTS.filter((account) => account.guestScenario).map(
      (account) => [account.username, account] as const,
    ),
  )(
    'a guest who locates %s with the README facts gets the documented guest scenario',
    (_username, account) => {
      const facts = demoGuestFacts(account.household!);
      const byId = facts.exchangeSubscriberId
        ? { exchangeSubscriberId: facts.exchangeSubscriberId, dob: facts.dob, zipCode: facts.zipCode }
        : { policyNumber: facts.policyNumber, dob: facts.dob, zipCode: facts.zipCode };
      expect(guestScenarios(rows, byId, today).base).toBe(account.guestScenario);
      expect(guestScenarios(rows, { ...byId, zipCode: '99999' }, today).base).toBe('GuestPayment');
    },
  );

  it('links Ana Costa to no member, but keeps her pending binder policy under her exchange id', async () => {
    const facts = demoGuestFacts('ana');
    const [binder] = await query<{
      status: string;
      current: number;
      premium: number;
      effectuated: string | null;
    }>(sql`
      select f.status, f.current_amount_due_cents as current, f.premium_amount_due_cents as premium, s.effectuated_date as effectuated
      from policies p join finances f on f.policy_id = p.id join coverage_spans s on s.policy_id = p.id
      where p.exchange_subscriber_id = ${facts.exchangeSubscriberId} order by s.start_date limit 1`);
    expect(binder).toMatchObject({ status: 'Binder', effectuated: null });
    expect(binder!.current).toBe(binder!.premium);
    expect(rows.accounts.find((account) => account.username === 'ana.costa')?.memberId).toBeNull();
  });

  it('stores what aisha.johnson’s amounts are for: reinstating is the month past due plus each month since her coverage ended', async () => {
    const [aisha] = await query<{
      past_due_months: string[];
      current_due_months: string[];
      past: number;
      premium: number;
      months: string[];
      reinstate: number;
      coverage_end: string;
    }>(sql`
      select f.past_due_months, f.current_due_months, f.past_amount_due_cents as past, f.premium_amount_due_cents as premium,
             r.months, r.amount_due_cents as reinstate,
             (select max(s.end_date)::text from coverage_spans s where s.policy_id = p.id and not s.cancelled) as coverage_end
      from accounts a join policies p on p.subscriber_member_id = a.member_id
        join finances f on f.policy_id = p.id join reinstatement_eligibility r on r.policy_id = p.id
      where a.username = 'aisha.johnson'`);
    expect(aisha).toBeDefined();
    const since = monthsBetween(addDays(aisha!.coverage_end, 1), today);
    expect(aisha!.past_due_months).toEqual([`${aisha!.coverage_end.slice(0, 7)}-01`]);
    expect(aisha!.current_due_months).toEqual([]);
    expect(aisha!.months).toEqual([...aisha!.past_due_months, ...since]);
    expect(aisha!.reinstate).toBe(aisha!.past + since.length * aisha!.premium);
  });

  it('gives the roles of config/role-config.json, member search to staff and brokers', () => {
    const roles = deepMerge<RoleConfig>(baselineRoles, tenantRoles);
    for (const account of DEMO_ACCOUNTS)
      for (const role of account.roles) expect(Object.keys(roles.roles)).toContain(role);
    expect(hasPermission(['customer-service'], MEMBER_SEARCH_PERMISSION, roles)).toBe(true);
    expect(hasPermission(['broker'], MEMBER_SEARCH_PERMISSION, roles)).toBe(true);
  });

  it("gives the demo broker a book of business of ten or more policies, Maria's included", async () => {
    const book = await query<{ policy_number: string }>(sql`
      select p.policy_number from policies p join accounts a on a.broker_id = p.broker_id where a.username = 'broker.hughes'`);
    expect(book.length).toBeGreaterThanOrEqual(10);
    expect(book.map((row) => row.policy_number)).toContain(demoGuestFacts('maria').policyNumber);
  });
});

/** The Luhn check digit test that card numbers pass. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

describe('no card data anywhere (issue: done-when)', () => {
  it('has no column whose name suggests a card number, an account number or a CVV', async () => {
    const suspicious = await query<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public'
        and column_name ~* '(card_?num|(^|_)pan($|_)|primary_account|cvv|cvc|cvn|security_code|account_?num|acct_?num)'`);
    expect(suspicious).toEqual([]);
  });

  it('stores no value that holds a Luhn-valid 13-19 digit number, spaces or dashes included', async () => {
    const columns = await query<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
      order by table_name, column_name`);
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const column = sql`${sql.identifier(table_name)}.${sql.identifier(column_name)}`;
      const candidates = await query<{ value: string }>(sql`
        select ${column}::text as value from ${sql.identifier(table_name)} where ${column}::text ~ '[0-9]([ -]?[0-9]){12,}'`);
      for (const { value } of candidates) {
        for (const run of value.match(/[0-9](?:[ -]?[0-9]){12,}/g) ?? []) {
          const digits = run.replace(/[ -]/g, '');
          for (let length = 13; length <= Math.min(19, digits.length); length++) {
            for (let start = 0; start + length <= digits.length; start++) {
              if (luhnValid(digits.slice(start, start + length)))
                found.push(`${table_name}.${column_name}: ${run}`);
            }
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('first-run seeding of npm start', () => {
  it('does nothing on a database that already has households', async () => {
    expect(await seedDemoDataIfEmpty(database.handle, { today })).toBeNull();
  });

  it('seeds the named accounts and the small data set once on an empty database', async () => {
    const fresh = await openTestDatabase();
    try {
      const first = await seedDemoDataIfEmpty(fresh.handle, { today });
      expect(first?.counts.accounts).toBe(DEMO_ACCOUNTS.length);
      expect(first?.counts.households).toBeGreaterThan(STARTUP_HOUSEHOLDS);
      expect(await seedDemoDataIfEmpty(fresh.handle, { today })).toBeNull();
    } finally {
      await fresh.dispose();
    }
  });

  it('seeds as many generated households as asked (DEMO_HOUSEHOLDS) besides the named ones', async () => {
    const [fewer, more] = [await openTestDatabase(), await openTestDatabase()];
    try {
      const small = await seedDemoDataIfEmpty(fewer.handle, { today, households: 5 });
      const large = await seedDemoDataIfEmpty(more.handle, { today, households: 25 });
      expect((large?.counts.households ?? 0) - (small?.counts.households ?? 0)).toBe(20);
      expect(large?.counts.accounts).toBe(DEMO_ACCOUNTS.length);
    } finally {
      await fewer.dispose();
      await more.dispose();
    }
  });
});

import type { NavigationScenario } from '@portal/domain';
import { buildDemoHouseholds, type DemoHousehold, type DemoHouseholdKey } from './demo-households';
import { demoAccountId } from './ids';
import type { AccountRow, SeedRows } from './rows';
import type { Shared } from './shared';

/** The one password of every demo account (README "Demo accounts"). Never use it outside a demo. */
export const DEMO_PASSWORD = 'Lighthouse-Demo-2026';

export interface DemoAccount {
  readonly username: string;
  /** consumer = members (consumer identity provider); workforce = staff and brokers. */
  readonly realm: 'consumer' | 'workforce';
  readonly roles: readonly string[];
  readonly givenName: string;
  readonly familyName: string;
  readonly email: string;
  readonly language: 'en' | 'es' | 'pt';
  /** The named household the member belongs to (consumer accounts). */
  readonly household?: DemoHouseholdKey;
  /** False for an account that exists but is not linked to its member (SPEC §4 rule 5). */
  readonly linked?: boolean;
  /** SPEC §4 navigation scenarios a signed-in user gets. */
  readonly scenarios?: readonly NavigationScenario[];
  /** The guest scenario of the same household when located on the locate-account page. */
  readonly guestScenario?: NavigationScenario;
  /** What the account shows on the pages built so far, in a line (start banner). */
  readonly shows: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'maria.santos',
    realm: 'consumer',
    roles: ['member'],
    givenName: 'María',
    familyName: 'Santos',
    email: 'maria.santos@example.com',
    language: 'es',
    household: 'maria',
    scenarios: ['HouseholdAndPolicies', 'OnExchangePolicy'],
    guestScenario: 'GuestPaymentPages',
    shows: 'on-exchange family: silver CSR + APTC and dental, autopay on, broker of record, invoices',
  },
  {
    username: 'joao.silva',
    realm: 'consumer',
    roles: ['member'],
    givenName: 'João',
    familyName: 'Silva',
    email: 'joao.silva@example.net',
    language: 'pt',
    household: 'joao',
    scenarios: ['HouseholdAndPolicies', 'OffExchangePolicy'],
    shows: 'off-exchange PPO after a mid-year plan change, next-year span, vision',
  },
  {
    username: 'linda.nguyen',
    realm: 'consumer',
    roles: ['member'],
    givenName: 'Linda',
    familyName: 'Nguyen',
    email: 'linda.nguyen@example.org',
    language: 'en',
    household: 'linda',
    scenarios: ['HouseholdAndPolicies', 'OffExchangePolicy'],
    shows: 'employer group member: medical + vision, HRA (10 %)',
  },
  {
    username: 'kevin.oconnor',
    realm: 'consumer',
    roles: ['member'],
    givenName: 'Kevin',
    familyName: "O'Connor",
    email: 'kevin.oconnor@example.com',
    language: 'en',
    household: 'kevin',
    scenarios: ['HouseholdAndPolicies', 'OnExchangePolicy'],
    shows: 'APTC grace period, month 2: past amount due, grace notice',
  },
  {
    username: 'aisha.johnson',
    realm: 'consumer',
    roles: ['member'],
    givenName: 'Aisha',
    familyName: 'Johnson',
    email: 'aisha.johnson@example.com',
    language: 'en',
    household: 'aisha',
    scenarios: ['HouseholdNonActivePolicies'],
    guestScenario: 'GuestPaymentTermedReinstateOnlyPages',
    shows: 'terminated for non-payment, eligible for reinstatement',
  },
  {
    username: 'tomas.rivera',
    realm: 'consumer',
    roles: ['member'],
    givenName: 'Tomás',
    familyName: 'Rivera',
    email: 'tomas.rivera@example.net',
    language: 'es',
    household: 'tomas',
    scenarios: ['HouseholdNoPolicies'],
    shows: 'household with no policies',
  },
  {
    username: 'grace.kim',
    realm: 'consumer',
    roles: ['member'],
    givenName: 'Grace',
    familyName: 'Kim',
    email: 'grace.kim@example.org',
    language: 'en',
    household: 'grace',
    scenarios: ['PoliciesNoHousehold', 'OffExchangePolicy'],
    shows: 'employer policy without a household',
  },
  {
    username: 'ana.costa',
    realm: 'consumer',
    roles: ['member'],
    givenName: 'Ana',
    familyName: 'Costa',
    email: 'ana.costa@example.com',
    language: 'pt',
    household: 'ana',
    linked: false,
    scenarios: ['BindingPaymentOnlyPages'],
    shows: 'account not linked yet: no policies until the exchange sends her (SAML binder scenario)',
  },
  {
    username: 'robert.chen',
    realm: 'consumer',
    roles: ['member'],
    givenName: 'Robert',
    familyName: 'Chen',
    email: 'robert.chen@example.com',
    language: 'en',
    household: 'robert',
    scenarios: ['HouseholdNonActivePolicies'],
    guestScenario: 'GuestPaymentRestrictedPages',
    shows: 'terminated, not eligible for reinstatement; a cancelled dental span',
  },
  {
    username: 'cs.agent',
    realm: 'workforce',
    roles: ['customer-service'],
    givenName: 'Denise',
    familyName: 'Walsh',
    email: 'denise.walsh@lighthouse-health.example',
    language: 'en',
    shows:
      'customer service: find a member (name and DOB, policy, phone, e-mail, exchange ID), member 360, act for them',
  },
  {
    username: 'broker.hughes',
    realm: 'workforce',
    roles: ['broker'],
    givenName: 'Patrick',
    familyName: 'Hughes',
    email: 'patrick@hughesfamilyinsurance.example',
    language: 'en',
    shows: 'broker of record: book of business on the account overview',
  },
  {
    username: 'admin',
    realm: 'workforce',
    roles: ['administrator'],
    givenName: 'Michael',
    familyName: 'Brennan',
    email: 'michael.brennan@lighthouse-health.example',
    language: 'en',
    shows: 'administrator: member search',
  },
  {
    username: 'qa.tester',
    realm: 'workforce',
    roles: ['tester'],
    givenName: 'Jordan',
    familyName: 'Lee',
    email: 'jordan.lee@lighthouse-health.example',
    language: 'en',
    shows: 'tester role: account overview, what the role may do (actions off outside production)',
  },
];

export interface DemoData {
  readonly rows: SeedRows;
  readonly households: Record<DemoHouseholdKey, DemoHousehold>;
}

/**
 * The named households and the demo accounts. `hashPassword` is given by the caller so that this
 * stays free of I/O and randomness (seeding passes the real scrypt hash, tests a stand-in).
 */
export function buildDemoData(shared: Shared, hashPassword: (password: string) => string): DemoData {
  const { rows, households } = buildDemoHouseholds(shared);
  const accounts: AccountRow[] = DEMO_ACCOUNTS.map((account) => {
    const household = account.household ? households[account.household] : undefined;
    return {
      id: demoAccountId(shared.ctx.seed, account.username),
      realm: account.realm,
      username: account.username,
      email: account.email,
      givenName: account.givenName,
      familyName: account.familyName,
      passwordHash: hashPassword(DEMO_PASSWORD),
      externalSubject: null,
      roles: [...account.roles],
      memberId: household && account.linked !== false ? household.subscriberId : null,
      brokerId: account.roles.includes('broker') ? shared.demoBrokerId : null,
      language: account.language,
      disabled: false,
    };
  });
  rows.accounts.push(...accounts);
  return { rows, households };
}

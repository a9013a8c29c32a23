import { expect, test, type Page } from '@playwright/test';
import type { NavigationScenario } from '../packages/domain/src/index';
import {
  assertScenario,
  expectedMenu,
  locateAccount,
  menuShown,
  scenariosShown,
  signIn,
  text,
} from './support/portal';

// SPEC §4 navigation by scenario: every demo account (README "Demo accounts") signs in the way it
// would for real, and the shell must have computed its scenario and show exactly the menu the domain
// rules give for its roles and scenario over the tenant's configuration (pages that exist only).

interface Journey {
  who: string;
  roles: string[];
  scenarios: NavigationScenario[];
  arrive: (page: Page) => Promise<void>;
  /** SPEC §2 root state "no plans available" instead of the app. */
  noPlans?: boolean;
  /** SPEC §4 menu pruning: an assertion's OnlyPCP. */
  onlyPcp?: boolean;
  /** SPEC §4 menu pruning: the plan type of the first policy (the PCP entry needs it whitelisted). */
  firstPlanType?: string;
  /** The page's heading (key) where the journey lands when it is not the account overview. */
  landingHeading?: string;
}

const member = (
  username: string,
  scenarios: NavigationScenario[],
  noPlans = false,
  firstPlanType?: string,
): Journey => ({
  who: username,
  roles: ['member'],
  scenarios,
  noPlans,
  ...(firstPlanType ? { firstPlanType } : {}),
  arrive: async (page) => {
    await signIn(page, 'consumer', username);
  },
});

const guest = (
  who: string,
  scenario: NavigationScenario,
  facts: { policyNumber: string; dateOfBirth: string; zipCode: string },
): Journey => ({
  who: `guest for ${who}`,
  roles: ['guest'],
  scenarios: [scenario],
  arrive: async (page) => {
    await locateAccount(page, facts);
  },
});

// The binder-payment assertion (ana.costa) is checked, before and after she pays, in payments.spec.ts.
const journeys: Journey[] = [
  // The first policy's plan type (the seed's stories): Harbor plans are HMOs (the PCP entry shows), Coastal and WorkWell Gold PPOs.
  member('maria.santos', ['HouseholdAndPolicies', 'OnExchangePolicy'], false, 'HMO'),
  member('joao.silva', ['HouseholdAndPolicies', 'OffExchangePolicy'], false, 'PPO'),
  member('grace.kim', ['PoliciesNoHousehold', 'OffExchangePolicy'], false, 'PPO'),
  member('aisha.johnson', ['HouseholdNonActivePolicies'], false, 'HMO'),
  member('tomas.rivera', ['HouseholdNoPolicies'], true),
  member('ana.costa', ['BindingPaymentOnlyPages'], true),
  guest('María Santos', 'GuestPaymentPages', {
    policyNumber: 'LHP-1000001-01',
    dateOfBirth: '1985-03-14',
    zipCode: '01841',
  }),
  guest('Aisha Johnson', 'GuestPaymentTermedReinstateOnlyPages', {
    policyNumber: 'LHP-1000005-01',
    dateOfBirth: '1992-06-12',
    zipCode: '02301',
  }),
  guest('Robert Chen', 'GuestPaymentRestrictedPages', {
    policyNumber: 'LHP-1000009-01',
    dateOfBirth: '1968-05-03',
    zipCode: '02148',
  }),
  {
    who: 'an exchange member by SAML assertion with OnlyPCP=false (the PCP entry is pruned)',
    roles: ['member'],
    scenarios: ['HouseholdAndPolicies', 'OnExchangePolicy'],
    onlyPcp: false,
    arrive: async (page) => {
      await assertScenario(page, /OnlyPCP=false/);
    },
  },
  {
    who: 'a broker by SAML assertion',
    roles: ['broker'],
    scenarios: ['HouseholdAndPolicies', 'OnExchangePolicy'],
    // The broker role's first page: the book of business of the broker the assertion names.
    landingHeading: 'broker.book.heading',
    arrive: async (page) => {
      await assertScenario(page, /^Broker:/, /\/broker$/);
    },
  },
];

for (const journey of journeys) {
  test(`navigation for ${journey.who}: ${journey.scenarios.join(' + ')}`, async ({ page }) => {
    await journey.arrive(page);
    expect(await scenariosShown(page)).toEqual(journey.scenarios);
    if (journey.noPlans) {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('noPlans.heading'));
      expect(await menuShown(page)).toEqual([]);
      return;
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(journey.landingHeading ?? 'overview.heading'),
    );
    expect(await menuShown(page)).toEqual(
      expectedMenu(journey.roles, journey.scenarios, journey.firstPlanType ?? null, journey.onlyPcp ?? null),
    );
  });
}

test('the menu holds every page a member with policies may open (today: overview, documents, make a payment, autopay, scheduled payments, payment history and wallet, paperless, notifications)', () => {
  // Guards the expectation above against an empty comparison: members with policies do have a menu.
  // Pages join the menu as they are built: these are the ones it must hold at least.
  expect(expectedMenu(['member'], ['HouseholdAndPolicies', 'OnExchangePolicy'])).toEqual(
    expect.arrayContaining([
      text('nav.accountOverview'),
      text('nav.idCard'),
      text('nav.viewBenefits'),
      text('nav.faq'),
      text('nav.notifications'),
      text('nav.invoices'),
      text('nav.notices'),
      text('nav.taxDocuments'),
      text('nav.makePayment'),
      text('nav.autopay'),
      text('nav.scheduledPayments'),
      text('nav.paymentHistory'),
      text('nav.wallet'),
      text('nav.paperlessSettings'),
    ]),
  );
  // A guest who has not found an account yet may still read the questions and answers (role-config gives guests /admin/faq).
  expect(expectedMenu(['guest'], ['GuestPayment'])).toEqual([text('nav.faq')]);
});

import { randomInt } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, brokers, policies } from '../../db/schema';
import { demoGuestFacts, type DemoHouseholdKey } from '../../seed/demo-households';

/**
 * The demo scenarios of the SAML test issuer, filled from the demo data (README "Demo accounts") when
 * it is loaded: the pending policy of `ana.costa` for a binder payment, the NPN of `broker.hughes`,
 * and María Santos' active exchange policy. Each scenario is one assertion a real partner system
 * would send. These records are all the issuer will ever assert (docs/decisions/012): it looks only at
 * the demo accounts' own records, never at other members, even in demo mode.
 */

export type ScenarioKey = 'binder' | 'broker' | 'only-pcp-false';
export const SCENARIO_KEYS: readonly ScenarioKey[] = ['binder', 'broker', 'only-pcp-false'];

export interface Scenario {
  key: ScenarioKey;
  /** The identifier shown to the tester (exchange subscriber id or NPN); null when the data is missing. */
  identifier: string | null;
  /** Whether the identifier is a demo record (false: a new enrollee the issuer has not heard of). */
  inData: boolean;
  nameId: string;
  attributes: Record<string, string[]>;
  relayState: string;
}

export const isScenarioKey = (value: unknown): value is ScenarioKey =>
  typeof value === 'string' && (SCENARIO_KEYS as readonly string[]).includes(value);

/** The policy of a named demo household (README "Demo accounts"), when it is in the data and in this state. */
async function demoPolicyExchangeId(
  db: Database,
  household: DemoHouseholdKey,
  status: 'Pending' | 'Active',
): Promise<string | null> {
  const { policyNumber } = demoGuestFacts(household);
  const [row] = await db
    .select({ exchangeSubscriberId: policies.exchangeSubscriberId })
    .from(policies)
    .where(
      and(
        eq(policies.policyNumber, policyNumber),
        eq(policies.enrollmentStatus, status),
        eq(policies.offExchange, false),
        isNotNull(policies.exchangeSubscriberId),
      ),
    )
    .limit(1);
  return row?.exchangeSubscriberId ?? null;
}

/** The NPN of broker.hughes (README "Demo accounts"). */
async function brokerNpn(db: Database): Promise<string | null> {
  const [named] = await db
    .select({ npn: brokers.npn })
    .from(accounts)
    .innerJoin(brokers, eq(brokers.id, accounts.brokerId))
    .where(and(eq(accounts.realm, 'workforce'), eq(accounts.username, 'broker.hughes')))
    .limit(1);
  return named?.npn ?? null;
}

/**
 * The scenarios as the data stands now. Without demo data the binder scenario uses a new exchange
 * subscriber id the issuer has not heard of yet: exactly the case of an enrolment that has not
 * reached the issuer when the exchange sends the enrollee to pay.
 */
export async function loadScenarios(db: Database): Promise<Record<ScenarioKey, Scenario>> {
  const [binderId, npn, memberId] = await Promise.all([
    demoPolicyExchangeId(db, 'ana', 'Pending'),
    brokerNpn(db),
    demoPolicyExchangeId(db, 'maria', 'Active'),
  ]);
  const newEnrollee = `0${String(randomInt(100_000_000, 1_000_000_000))}`;
  return {
    binder: {
      key: 'binder',
      identifier: binderId ?? newEnrollee,
      inData: binderId !== null,
      nameId: 'exchange-user.ana.costa',
      attributes: { role: ['member'], policies: [binderId ?? newEnrollee] },
      relayState: '/payments/binding-payment',
    },
    broker: {
      key: 'broker',
      identifier: npn,
      inData: npn !== null,
      nameId: 'broker-platform.broker.hughes',
      attributes: npn ? { role: ['broker'], brokerId: [npn], languagePreference: ['ENG'] } : {},
      relayState: '/broker',
    },
    'only-pcp-false': {
      key: 'only-pcp-false',
      identifier: memberId,
      inData: memberId !== null,
      nameId: 'exchange-user.member',
      attributes: memberId
        ? {
            role: ['member'],
            policies: [memberId],
            additionalProperties: [JSON.stringify({ OnlyPCP: false })],
          }
        : {},
      relayState: '/account-overview',
    },
  };
}

/** A record the custom assertion may name: one of the scenarios' own demo records. */
export interface ScenarioRecord {
  /** The form value: `policy:<exchange subscriber id>` or `broker:<npn>`. */
  value: string;
  kind: 'policy' | 'broker';
  identifier: string;
  scenario: ScenarioKey;
}

/** The demo records behind the scenarios (not a new enrollee's made-up id): all a custom assertion may name. */
export function scenarioRecords(scenarios: readonly Scenario[]): ScenarioRecord[] {
  return scenarios.flatMap((scenario): ScenarioRecord[] => {
    if (!scenario.inData || scenario.identifier === null) return [];
    const kind = scenario.key === 'broker' ? 'broker' : 'policy';
    return [
      {
        value: `${kind}:${scenario.identifier}`,
        kind,
        identifier: scenario.identifier,
        scenario: scenario.key,
      },
    ];
  });
}

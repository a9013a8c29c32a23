import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, brokers, finances, policies } from '../../db/schema';

/**
 * The demo scenarios of the SAML test issuer, filled from the demo data (README "Demo accounts") when
 * it is loaded: the pending policy of `ana.costa` for a binder payment, the NPN of `broker.hughes`,
 * and an active exchange member. Each scenario is one assertion a real partner system would send.
 */

export type ScenarioKey = 'binder' | 'broker' | 'only-pcp-false';
export const SCENARIO_KEYS: readonly ScenarioKey[] = ['binder', 'broker', 'only-pcp-false'];

export interface Scenario {
  key: ScenarioKey;
  /** The identifier shown to the tester (exchange subscriber id or NPN); null when the data is missing. */
  identifier: string | null;
  nameId: string;
  attributes: Record<string, string[]>;
  relayState: string;
}

export const isScenarioKey = (value: unknown): value is ScenarioKey =>
  typeof value === 'string' && (SCENARIO_KEYS as readonly string[]).includes(value);

/** The exchange subscriber id of ana.costa's pending policy, else of any policy awaiting its binder. */
async function binderSubscriberId(db: Database): Promise<string | null> {
  const [named] = await db
    .select({ exchangeSubscriberId: policies.exchangeSubscriberId })
    .from(accounts)
    .innerJoin(policies, eq(policies.subscriberMemberId, accounts.memberId))
    .where(and(eq(accounts.username, 'ana.costa'), eq(policies.enrollmentStatus, 'Pending'), isNotNull(policies.exchangeSubscriberId)))
    .limit(1);
  if (named?.exchangeSubscriberId) return named.exchangeSubscriberId;
  const [any] = await db
    .select({ exchangeSubscriberId: policies.exchangeSubscriberId })
    .from(policies)
    .innerJoin(finances, eq(finances.policyId, policies.id))
    .where(and(eq(finances.status, 'Binder'), isNotNull(policies.exchangeSubscriberId)))
    .orderBy(asc(policies.createdAt))
    .limit(1);
  return any?.exchangeSubscriberId ?? null;
}

async function brokerNpn(db: Database): Promise<string | null> {
  const [named] = await db
    .select({ npn: brokers.npn })
    .from(accounts)
    .innerJoin(brokers, eq(brokers.id, accounts.brokerId))
    .where(eq(accounts.username, 'broker.hughes'))
    .limit(1);
  return named?.npn ?? null;
}

/** An active on-exchange policy, preferring one whose subscriber has a portal account (a demo member). */
async function activeExchangeSubscriberId(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ exchangeSubscriberId: policies.exchangeSubscriberId })
    .from(policies)
    .where(and(eq(policies.enrollmentStatus, 'Active'), eq(policies.offExchange, false), isNotNull(policies.exchangeSubscriberId)))
    .orderBy(
      desc(sql`exists (select 1 from ${accounts} where ${accounts.memberId} = ${policies.subscriberMemberId})`),
      asc(policies.createdAt),
    )
    .limit(1);
  return row?.exchangeSubscriberId ?? null;
}

/**
 * The scenarios as the data stands now. Without demo data the binder scenario uses a new exchange
 * subscriber id the issuer has not heard of yet: exactly the case of an enrolment that has not
 * reached the issuer when the exchange sends the enrollee to pay.
 */
export async function loadScenarios(db: Database): Promise<Record<ScenarioKey, Scenario>> {
  const [binderId, npn, memberId] = await Promise.all([binderSubscriberId(db), brokerNpn(db), activeExchangeSubscriberId(db)]);
  const newEnrollee = `0${String(randomInt(100_000_000, 1_000_000_000))}`;
  return {
    binder: {
      key: 'binder',
      identifier: binderId ?? newEnrollee,
      nameId: 'exchange-user.ana.costa',
      attributes: { role: ['member'], policies: [binderId ?? newEnrollee] },
      relayState: '/payments/binding-payment',
    },
    broker: {
      key: 'broker',
      identifier: npn,
      nameId: 'broker-platform.broker.hughes',
      attributes: npn ? { role: ['broker'], brokerId: [npn], languagePreference: ['ENG'] } : {},
      relayState: '/broker',
    },
    'only-pcp-false': {
      key: 'only-pcp-false',
      identifier: memberId,
      nameId: 'exchange-user.member',
      attributes: memberId
        ? { role: ['member'], policies: [memberId], additionalProperties: [JSON.stringify({ OnlyPCP: false })] }
        : {},
      relayState: '/account-overview',
    },
  };
}

import { setTimeout as sleep } from 'node:timers/promises';
import { truncateZip } from '@portal/domain';
import type { LocateAccountRequest } from '@portal/contracts';
import type { PortalSessions } from '../../auth/portal-sessions';
import { readTogether, type Database } from '../../db/client';
import { GuessLimiter, type GuessLimits } from '../../lib/rate-limit';
import { addressById } from '../address/service';
import { memberById } from '../member/service';
import { latestPolicyByIdentifier, subscriberPolicyIds } from '../policy/service';

export interface LocatedSubscriber {
  subscriberMemberId: string;
  householdId: string | null;
  dob: string;
  zipCode: string | null;
  /** The only part of the SSN stored (SPEC §9: linking an account compares it). */
  ssnLast4: string | null;
}

/** The subscriber behind an exchange subscriber id or policy number, with the facts to compare. */
async function findSubscriber(
  db: Database,
  identifierType: 'exchangeSubscriberId' | 'policyNumber',
  identifier: string,
): Promise<LocatedSubscriber | undefined> {
  const policy = await latestPolicyByIdentifier(db, identifierType, identifier);
  if (!policy) return undefined;
  const [subscriber, residence] = await readTogether(db, [
    () => memberById(db, policy.subscriberMemberId),
    () => (policy.residentialAddressId ? addressById(db, policy.residentialAddressId) : undefined),
  ]);
  if (!subscriber) return undefined;
  return {
    subscriberMemberId: policy.subscriberMemberId,
    householdId: policy.householdId,
    dob: subscriber.dob,
    zipCode: residence?.zipCode ?? null,
    ssnLast4: subscriber.ssnLast4,
  };
}

/**
 * SPEC §6 guest access, failed look-ups in an hour (docs/decisions/008, 012): an address is refused
 * after 10 failures on one household (whichever of its identifiers was used) or 30 on any; a household
 * that failed 10 times from anywhere is never locked, but every look-up of it is slowed down.
 */
export const GUEST_LIMITS: GuessLimits = {
  perTargetAndSource: 10,
  perSource: 30,
  slowDownAfter: 10,
  slowDownMs: 2_000,
  maxSlowDownMs: 10_000,
};
/**
 * Linking a signed-in account (docs/decisions/028, amended for issue 33 item 8): counted per account — the
 * caller's identity, which an address is not (a family, an office or a carrier's NAT share one) — 10 on one
 * household, 30 in all; per household from all accounts 20, after which linking it is refused for the hour
 * (its member can still sign in, use guest access, or call Member Services).
 */
export const LINK_ACCOUNT_LIMITS: GuessLimits = { ...GUEST_LIMITS, perTarget: 20 };
/** …and per address only a looser ceiling: 100 failures in an hour over every account and household behind it. */
export const LINK_ADDRESS_LIMITS: GuessLimits = { ...GUEST_LIMITS, perTargetAndSource: 20, perSource: 100 };
const WINDOW_SECONDS = 60 * 60;
/** Every failed answer takes at least this long, so timing says nothing about whether an account exists. */
const FAILURE_FLOOR_MS = 400;
const GUEST_SESSION_SECONDS = 20 * 60;

export type LocateOutcome =
  | {
      kind: 'located';
      token: string;
      expiresAt: Date;
      householdId: string | null;
      policyIds: string[];
      subscriberMemberId: string;
    }
  | { kind: 'not-found' }
  | { kind: 'rate-limited'; scope: RateLimitScope };

/** What a refusal was counted by: one guesser's failures on the household, an address's or an account's overall, or everyone's on the household. */
export type RateLimitScope = 'household' | 'address' | 'account';

/**
 * Who makes a guess, counted against the household's limit (`kind` names the counter, `source` the
 * guesser, `limits` this counter's if not {@link GUEST_LIMITS}; `by` names the guesser in a refusal).
 */
export interface FactGuard {
  kind: string;
  source: string;
  by: 'address' | 'account';
  limits?: GuessLimits;
}

/** What a subscriber's facts look like to {@link GuestAccess.checkFacts}'s comparison (a stand-in when none was found). */
export type SubscriberFacts = Pick<LocatedSubscriber, 'dob' | 'zipCode' | 'ssnLast4'>;

export type FactCheck =
  | { kind: 'matched'; subscriber: LocatedSubscriber }
  | { kind: 'not-found' }
  | { kind: 'rate-limited'; scope: RateLimitScope };

/** Compared when no subscriber has the identifier, so an unknown one takes the same steps as wrong facts. */
const NOBODY: SubscriberFacts = { dob: '0000-00-00', zipCode: '-----', ssnLast4: '----' };

export class GuestAccess {
  private readonly limiter: GuessLimiter;

  constructor(
    private readonly db: Database,
    private readonly sessions: PortalSessions,
    private readonly guestRole: string,
  ) {
    this.limiter = new GuessLimiter(db, WINDOW_SECONDS, GUEST_LIMITS);
  }

  /**
   * The one guarded comparison of a subscriber's facts (docs/decisions/008): locate-account and linking a
   * signed-in account (issue 12) both use it. The household named by the identifier is the target, every
   * one of its identifiers counting against the same limit, an unknown identifier its own target; each
   * guard counts the guesser's failures (`locate` by address — shared by both uses, so switching pages
   * gains nothing — and any narrower guard a caller adds). Refused over the limits; slowed down after
   * failures from anywhere; the same comparisons whether or not a subscriber was found; every failure
   * held to the same minimum time.
   */
  async checkFacts(input: {
    identifierType: LocateAccountRequest['identifierType'];
    identifier: string;
    guards: FactGuard[];
    matches: (facts: SubscriberFacts) => boolean;
  }): Promise<FactCheck> {
    const started = Date.now();
    const subscriber = await findSubscriber(this.db, input.identifierType, input.identifier);
    const target = subscriber
      ? (subscriber.householdId ?? `member:${subscriber.subscriberMemberId}`)
      : `identifier:${input.identifierType}:${input.identifier.trim().toUpperCase()}`;
    const keySets = input.guards.map((guard) => GuessLimiter.keys(guard.kind, target, guard.source));
    const decisions = await Promise.all(
      keySets.map((keys, i) => this.limiter.decide(keys, input.guards[i]?.limits)),
    );
    const refusedAt = decisions.findIndex((decision) => decision.kind === 'refused');
    const refused = decisions[refusedAt];
    if (refused?.kind === 'refused') {
      return {
        kind: 'rate-limited',
        scope: refused.scope === 'source' ? (input.guards[refusedAt]?.by ?? 'address') : 'household',
      };
    }
    // Failures from elsewhere slow every look-up of this household down, right or wrong.
    const delayMs = Math.max(
      0,
      ...decisions.map((decision) => (decision.kind === 'allowed' ? decision.delayMs : 0)),
    );
    if (delayMs > 0) await sleep(delayMs);
    const matched = input.matches(subscriber ?? NOBODY);
    if (!subscriber || !matched) {
      for (const keys of keySets) await this.limiter.failed(keys);
      const elapsed = Date.now() - started;
      if (elapsed < FAILURE_FLOOR_MS) await sleep(FAILURE_FLOOR_MS - elapsed);
      return { kind: 'not-found' };
    }
    for (const keys of keySets) await this.limiter.succeeded(keys);
    return { kind: 'matched', subscriber };
  }

  async locate(facts: LocateAccountRequest, ip: string): Promise<LocateOutcome> {
    const check = await this.checkFacts({
      identifierType: facts.identifierType,
      identifier: facts.identifier,
      guards: [{ kind: 'locate', source: ip, by: 'address' }],
      matches: (subscriber) => matchesDobAndZip(subscriber, facts.dateOfBirth, facts.zipCode),
    });
    if (check.kind !== 'matched') return check;
    const { subscriber } = check;
    const policyIds = await subscriberPolicyIds(this.db, subscriber.subscriberMemberId);
    const session = await this.sessions.create({
      kind: 'guest',
      subject: `guest:${subscriber.subscriberMemberId}`,
      data: { roles: [this.guestRole], policyIds, householdId: subscriber.householdId },
      lifetimeSeconds: GUEST_SESSION_SECONDS,
    });
    return {
      kind: 'located',
      token: session.token,
      expiresAt: session.expiresAt,
      householdId: subscriber.householdId,
      policyIds,
      subscriberMemberId: subscriber.subscriberMemberId,
    };
  }
}

/** The date of birth and home ZIP code (cut to 5, SPEC §5) compared, both of them every time. */
export function matchesDobAndZip(subscriber: SubscriberFacts, dateOfBirth: string, zipCode: string): boolean {
  const dobMatches = subscriber.dob === dateOfBirth;
  const zipMatches = truncateZip(subscriber.zipCode ?? '-----') === truncateZip(zipCode.replace('-', ''));
  return dobMatches && zipMatches;
}

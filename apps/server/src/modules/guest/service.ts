import { setTimeout as sleep } from 'node:timers/promises';
import { truncateZip } from '@portal/domain';
import type { LocateAccountRequest } from '@portal/contracts';
import type { PortalSessions } from '../../auth/portal-sessions';
import type { Database } from '../../db/client';
import { GuessLimiter, type GuessLimits } from '../../lib/rate-limit';
import { findSubscriber, subscriberPolicyIds } from './repository';

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
const WINDOW_SECONDS = 60 * 60;
/** Every failed answer takes at least this long, so timing says nothing about whether an account exists. */
const FAILURE_FLOOR_MS = 400;
const GUEST_SESSION_SECONDS = 20 * 60;

export type LocateOutcome =
  | { kind: 'located'; token: string; expiresAt: Date; householdId: string | null; policyIds: string[]; subscriberMemberId: string }
  | { kind: 'not-found' }
  | { kind: 'rate-limited'; scope: 'household' | 'address' };

export class GuestAccess {
  private readonly limiter: GuessLimiter;

  constructor(
    private readonly db: Database,
    private readonly sessions: PortalSessions,
    private readonly guestRole: string,
  ) {
    this.limiter = new GuessLimiter(db, WINDOW_SECONDS, GUEST_LIMITS);
  }

  async locate(facts: LocateAccountRequest, ip: string): Promise<LocateOutcome> {
    const started = Date.now();
    const subscriber = await findSubscriber(this.db, facts.identifierType, facts.identifier);
    // What is being guessed is a household's facts: each of its identifiers counts against one limit.
    // An unknown identifier is its own target, so both cases take the same steps.
    const target = subscriber
      ? (subscriber.householdId ?? `member:${subscriber.subscriberMemberId}`)
      : `identifier:${facts.identifierType}:${facts.identifier.trim().toUpperCase()}`;
    const keys = GuessLimiter.keys('locate', target, ip);
    const decision = await this.limiter.decide(keys);
    if (decision.kind === 'refused') return { kind: 'rate-limited', scope: decision.scope === 'target' ? 'household' : 'address' };
    // Failures from elsewhere slow every look-up of this household down, right or wrong.
    if (decision.delayMs > 0) await sleep(decision.delayMs);
    // The same comparisons run whether or not a subscriber was found.
    const dobMatches = (subscriber?.dob ?? '0000-00-00') === facts.dateOfBirth;
    const zipMatches = truncateZip(subscriber?.zipCode ?? '-----') === truncateZip(facts.zipCode.replace('-', ''));
    if (!subscriber || !dobMatches || !zipMatches) {
      await this.limiter.failed(keys);
      const elapsed = Date.now() - started;
      if (elapsed < FAILURE_FLOOR_MS) await sleep(FAILURE_FLOOR_MS - elapsed);
      return { kind: 'not-found' };
    }
    await this.limiter.succeeded(keys);
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

import { setTimeout as sleep } from 'node:timers/promises';
import { truncateZip } from '@portal/domain';
import type { LocateAccountRequest } from '@portal/contracts';
import type { PortalSessions } from '../../auth/portal-sessions';
import type { Database } from '../../db/client';
import { FailureCounter } from '../../lib/rate-limit';
import { findSubscriber, subscriberPolicyIds } from './repository';

/** SPEC §6 guest access: at most 10 failed look-ups per identifier and 30 per address in an hour. */
export const MAX_FAILURES_PER_IDENTIFIER = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;
const WINDOW_SECONDS = 60 * 60;
/** Every failed answer takes at least this long, so timing says nothing about whether an account exists. */
const FAILURE_FLOOR_MS = 400;
const GUEST_SESSION_SECONDS = 20 * 60;

export type LocateOutcome =
  | { kind: 'located'; token: string; expiresAt: Date; householdId: string | null; policyIds: string[]; subscriberMemberId: string }
  | { kind: 'not-found' }
  | { kind: 'rate-limited'; scope: 'identifier' | 'address' };

export class GuestAccess {
  private readonly failures: FailureCounter;

  constructor(
    private readonly db: Database,
    private readonly sessions: PortalSessions,
    private readonly guestRole: string,
  ) {
    this.failures = new FailureCounter(db, WINDOW_SECONDS);
  }

  async locate(facts: LocateAccountRequest, ip: string): Promise<LocateOutcome> {
    const started = Date.now();
    const identifierKey = FailureCounter.key(`locate:${facts.identifierType}`, facts.identifier);
    const addressKey = FailureCounter.key('locate-address', ip);
    if ((await this.failures.count(identifierKey)) >= MAX_FAILURES_PER_IDENTIFIER) return { kind: 'rate-limited', scope: 'identifier' };
    if ((await this.failures.count(addressKey)) >= MAX_FAILURES_PER_ADDRESS) return { kind: 'rate-limited', scope: 'address' };

    const subscriber = await findSubscriber(this.db, facts.identifierType, facts.identifier);
    // The same comparisons run whether or not a subscriber was found.
    const dobMatches = (subscriber?.dob ?? '0000-00-00') === facts.dateOfBirth;
    const zipMatches = truncateZip(subscriber?.zipCode ?? '-----') === truncateZip(facts.zipCode.replace('-', ''));
    if (!subscriber || !dobMatches || !zipMatches) {
      await this.failures.add([identifierKey, addressKey]);
      const elapsed = Date.now() - started;
      if (elapsed < FAILURE_FLOOR_MS) await sleep(FAILURE_FLOOR_MS - elapsed);
      return { kind: 'not-found' };
    }

    await this.failures.clear([identifierKey]);
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

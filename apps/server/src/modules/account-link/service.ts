import type { FastifyRequest } from 'fastify';
import { normalizeSsn } from '@portal/domain';
import { ProblemType, type LinkAccountRequest, type LinkAccountResponse } from '@portal/contracts';
import { linkAccountToMember, memberHasOtherAccount } from '../../auth/accounts';
import { forbidden } from '../../auth/access';
import { runCommand } from '../../plugins/command';
import { HttpProblem } from '../../plugins/errors';
import {
  LINK_ACCOUNT_LIMITS,
  LINK_ADDRESS_LIMITS,
  matchesDobAndZip,
  type GuestAccess,
  type RateLimitScope,
  type SubscriberFacts,
} from '../guest/service';
import { subscriberPolicyCount } from '../policy/service';

/**
 * Linking a signed-in member's account to their member record (issue 12; SPEC §2 account/home/link-account,
 * §8 "an unknown user link returns a not-found style action", §9 "link-account searchable field SSN").
 *
 * The facts are checked by the guest module's guarded comparison (`GuestAccess.checkFacts`, docs/decisions/
 * 008): failures counted in the database per account (the caller's own identity) and per household from
 * all accounts, with a looser ceiling per address — never the address alone, which members behind one
 * network share (issue 33 item 8) — the same slow-down, the same minimum time and the same byte-identical
 * not-found answer. The SSN is compared by its last four digits, the only part stored; the
 * full number is never stored, logged or audited.
 */

export type LinkOutcome =
  | { kind: 'linked'; result: LinkAccountResponse }
  | { kind: 'not-found' }
  | { kind: 'rate-limited'; scope: RateLimitScope };

export const LINK_ACTION = 'link-account';

function searchableFieldMissing(field: 'ssn' | 'zipCode'): HttpProblem {
  return new HttpProblem(
    400,
    ProblemType.validation,
    'Validation failed',
    `The ${field === 'ssn' ? 'SSN' : 'ZIP code'} is required.`,
    [{ field: `body.${field}`, reason: 'Required', code: 'invalid_type' }],
  );
}

/** The caller is answered without a change: wrong facts (the fixed not-found body) or too many tries. */
class LinkRefused extends Error {
  constructor(readonly outcome: Extract<LinkOutcome, { kind: 'not-found' | 'rate-limited' }>) {
    super(outcome.kind);
  }
}

const alreadyLinked = (): HttpProblem =>
  new HttpProblem(
    409,
    ProblemType.conflict,
    'Already linked',
    'This account is already linked to a member.',
    [{ field: 'body', reason: 'The account is already linked.', code: 'account-already-linked' }],
  );

export async function linkAccount(
  request: FastifyRequest,
  access: GuestAccess,
  body: LinkAccountRequest,
): Promise<LinkOutcome> {
  const searchable = request.server.tenant.account.linkAccount.searchableField;
  const ssnLast4 = searchable === 'SSN' ? normalizeSsn(body.ssn ?? '')?.slice(5) : undefined;
  const matches = (subscriber: SubscriberFacts): boolean => {
    if (searchable === 'ZipCode') return matchesDobAndZip(subscriber, body.dateOfBirth, body.zipCode ?? '');
    const dobMatches = subscriber.dob === body.dateOfBirth;
    const ssnMatches = subscriber.ssnLast4 !== null && subscriber.ssnLast4 === ssnLast4;
    return dobMatches && ssnMatches;
  };
  // The write path (docs/decisions/014): the role action, then the record access — here the guarded
  // comparison of the subscriber's facts, which audits its own refusals — then the link and its audit row
  // in one transaction.
  try {
    const linked = await runCommand(request, {
      action: LINK_ACTION,
      authorize: async (db, principal) => {
        // Only an account of the consumer provider can be linked (staff, brokers, guests and assertions are not accounts of a member).
        if (principal.kind !== 'member') {
          await request.audit({ action: 'account.link', outcome: 'denied', reason: 'not-a-member-account' });
          throw forbidden();
        }
        if (principal.memberId !== null) {
          await request.audit({
            action: 'account.link',
            outcome: 'denied',
            reason: 'account-already-linked',
          });
          throw alreadyLinked();
        }
        if (searchable === 'SSN' && ssnLast4 === undefined) throw searchableFieldMissing('ssn');
        if (searchable === 'ZipCode' && body.zipCode === undefined) throw searchableFieldMissing('zipCode');
        const check = await access.checkFacts({
          identifierType: body.identifierType,
          identifier: body.identifier,
          guards: [
            {
              kind: 'link-account',
              source: `account:${principal.accountId}`,
              by: 'account',
              limits: LINK_ACCOUNT_LIMITS,
            },
            { kind: 'link-account-address', source: request.ip, by: 'address', limits: LINK_ADDRESS_LIMITS },
          ],
          matches,
        });
        if (check.kind === 'rate-limited') {
          await request.audit({
            action: 'account.link',
            outcome: 'denied',
            reason: `rate-limited-${check.scope}`,
          });
          throw new LinkRefused(check);
        }
        if (check.kind === 'not-found') {
          await request.audit({ action: 'account.link', outcome: 'denied', reason: 'no-match' });
          throw new LinkRefused(check);
        }
        const { subscriber } = check;
        // Facts right, but the member already has an account: one member, one account (the other account's
        // owner would otherwise share it without knowing). Only reachable with the member's own facts.
        if (await memberHasOtherAccount(db, subscriber.subscriberMemberId, principal.accountId)) {
          await request.audit({
            action: 'account.link',
            outcome: 'denied',
            reason: 'member-already-linked',
            recordType: 'member',
            recordIds: [subscriber.subscriberMemberId],
            actingForHouseholdId: subscriber.householdId,
          });
          throw new HttpProblem(
            409,
            ProblemType.conflict,
            'Already linked',
            'These details belong to a member whose records another account already uses. Call Member Services.',
            [{ field: 'body', reason: 'The member already has an account.', code: 'member-already-linked' }],
          );
        }
        return { accountId: principal.accountId, subscriber };
      },
      householdOf: (ref) => ref.subscriber.householdId,
      execute: async (tx, { ref }) => {
        const audit = {
          action: 'account.link',
          recordType: 'member',
          recordIds: [ref.subscriber.subscriberMemberId],
        };
        // A second, concurrent link took the account first: refused, and the refusal kept with the rest.
        if (!(await linkAccountToMember(tx, ref.accountId, ref.subscriber.subscriberMemberId))) {
          return {
            result: ref.subscriber,
            audit: { ...audit, outcome: 'denied', reason: 'account-already-linked' },
            refusal: alreadyLinked(),
          };
        }
        return { result: ref.subscriber, audit };
      },
    });
    return {
      kind: 'linked',
      result: {
        memberId: linked.subscriberMemberId,
        householdId: linked.householdId,
        policyCount: await subscriberPolicyCount(request.server.database.db, linked.subscriberMemberId),
      },
    };
  } catch (error) {
    if (error instanceof LinkRefused) return error.outcome;
    throw error;
  }
}

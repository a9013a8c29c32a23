import type { TransactionMember } from '../../db/schema/enrollment';
import type { X12TransactionSet } from './x12';

/**
 * Who a transaction set names, read straight from its segments (decision 056): each member loop's INS
 * (subscriber or not, relationship, maintenance), REF*0F / REF*17 and NM1*IL / NM1*74 name. It reads what
 * is there even when the set is rejected (a missing subscriber id, an unknown plan), so the admin page of
 * imports can say whose enrolment could not be applied. Nothing else (no SSN, no address, no birth date).
 */
export function membersNamedIn(set: X12TransactionSet): TransactionMember[] {
  const members: TransactionMember[] = [];
  let member: TransactionMember | null = null;
  let inCategory = false;
  for (const segment of set.segments) {
    const el = (n: number) => (segment.elements[n - 1] ?? '').trim();
    if (segment.tag === 'INS') {
      member = {
        subscriber: el(1) === 'Y',
        relationship: el(2) || null,
        maintenance: el(3) || null,
        subscriberId: null,
        memberId: null,
        firstName: null,
        lastName: null,
      };
      members.push(member);
      inCategory = false;
    } else if (!member) {
      continue;
    } else if (segment.tag === 'N1' && el(1) === '75') {
      inCategory = true;
    } else if (segment.tag === 'REF' && !inCategory) {
      if (el(1) === '0F') member.subscriberId = el(2) || null;
      else if (el(1) === '17') member.memberId = el(2) || null;
    } else if (segment.tag === 'NM1' && (el(1) === 'IL' || el(1) === '74')) {
      member.lastName = el(3) || null;
      member.firstName = el(4) || null;
    }
  }
  return members;
}

import { insertConsumerAccount } from '../../auth/accounts';
import type { Transaction } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { insertAddress as insertAddressRow } from '../address/service';
import { insertContact } from '../contact/service';
import { insertFinance, postToFinance } from '../finance/service';
import { insertHouseholdForExchange } from '../household/service';
import { insertMembers, insertMemberSpans, membersByExchangeIds } from '../member/service';
import { insertPreferences } from '../paperless/service';
import { insertCoverageSpan, insertPolicy, type PolicyRow } from '../policy/service';
import {
  ageOn,
  amountsOf,
  newMemberRow,
  planFor,
  rejectAt,
  updateMemberFacts,
  type ApplyContext,
} from './apply-shared';
import type { Address, Enrollment834, MemberLoop } from './map834';

async function insertAddress(tx: Transaction, householdId: string, address: Address): Promise<string> {
  const row = await insertAddressRow(tx, householdId, {
    street1: address.street1,
    street2: address.street2,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    countyName: null,
    fipsCode: address.fipsCode,
  });
  return row.id;
}

/**
 * A 021 addition (or a 025 reinstatement of an enrolment the portal never had): the household — the
 * subscriber's, when another line of coverage came first — its contact record, preferences and addresses,
 * the members, the policy, its coverage and member spans and its finance, the binder computed by the
 * finance module. In demo mode the subscriber gets a consumer account.
 */
export async function createPolicy(
  tx: Transaction,
  ctx: ApplyContext,
  enrollment: Enrollment834,
): Promise<{ policy: PolicyRow; members: number }> {
  const subscriber = enrollment.subscriber;
  const coverage = subscriber.coverage ?? enrollment.members.find((m) => m.coverage)?.coverage;
  if (!coverage?.startDate)
    rejectAt(subscriber.segment, 'the subscriber has no HD coverage with a DTP*348 start date', 'HD');
  const plan = await planFor(tx, ctx, { ...subscriber, coverage });
  if (coverage.startDate < plan.effectiveDate || coverage.startDate > plan.effectiveEndDate) {
    rejectAt(
      coverage.segment,
      `impossible dates: plan ${plan.id} runs ${plan.effectiveDate} to ${plan.effectiveEndDate}, the coverage starts ${coverage.startDate}`,
      'DTP',
    );
  }
  const amounts = amountsOf(enrollment);
  const start = coverage.startDate;
  const end = coverage.endDate ?? plan.effectiveEndDate;

  // The members the portal has already, in one look; the household: the subscriber's (another line of
  // coverage came first), else a new one.
  const memberIds = [
    ...new Set(enrollment.members.flatMap((loop) => (loop.memberId ? [loop.memberId] : []))),
  ];
  const knownMembers = new Map(
    (await membersByExchangeIds(tx, memberIds)).map((row) => [row.exchangeMemberId ?? '', row]),
  );
  let householdId = knownMembers.get(subscriber.memberId ?? '')?.householdId ?? null;
  householdId ??= await insertHouseholdForExchange(tx, subscriber.exchangePolicyId);
  await insertContact(tx, householdId, {
    email: subscriber.email,
    homePhone: null,
    mobilePhone: subscriber.phone,
    preferredContactMethod: subscriber.email ? 'email' : subscriber.phone ? 'phone' : 'mail',
  });
  await insertPreferences(tx, householdId, subscriber.language ?? 'en');
  if (!subscriber.residence)
    rejectAt(subscriber.segment, 'the subscriber has no residential address (N3/N4 after NM1*IL)', 'NM1');
  const residentialAddressId = await insertAddress(tx, householdId, subscriber.residence);
  const mailingAddressId = subscriber.mailing
    ? await insertAddress(tx, householdId, subscriber.mailing)
    : residentialAddressId;

  const loops = enrollment.members.filter((loop) => loop.maintenance !== '024');
  // Those the portal has get their facts updated; the new ones are inserted together.
  const fresh: MemberLoop[] = [];
  for (const loop of loops) {
    const known = knownMembers.get(loop.memberId ?? '');
    if (known) await updateMemberFacts(tx, known.id, loop);
    else if (!fresh.some((other) => other.memberId === loop.memberId)) fresh.push(loop);
  }
  const inserted = await insertMembers(
    tx,
    fresh.map((loop) => newMemberRow(householdId, loop, loop.subscriber)),
  );
  const idOf = new Map([
    ...[...knownMembers.values()].map((row) => [row.exchangeMemberId ?? '', row.id] as const),
    ...inserted.map((row) => [row.exchangeMemberId ?? '', row.id] as const),
  ]);
  const created = inserted.length;
  const people = loops.map((loop) => ({ id: idOf.get(loop.memberId ?? '') ?? '', loop }));
  const subscriberRow = people.find((person) => person.loop.subscriber);
  if (!subscriberRow) rejectAt(subscriber.segment, 'missing subscriber');

  const policyNumber =
    subscriber.policyNumber ??
    `X12-${subscriber.subscriberId ?? ''}-${coverage.line.charAt(0)}-${start.slice(0, 4)}`;
  const policy = await insertPolicy(tx, {
    householdId,
    subscriberMemberId: subscriberRow.id,
    policyNumber,
    issuerSubscriberId: subscriber.subscriberId ?? '',
    exchangeSubscriberId: subscriber.subscriberId,
    marketCoverage: 1,
    offExchange: false,
    lineOfCoverage: coverage.line,
    enrollmentType:
      subscriber.maintenance === '025'
        ? 'Reinstatement'
        : subscriber.reason === 'EC' || subscriber.reason === '41'
          ? 'SpecialEnrollment'
          : 'New',
    enrollmentStatus: 'Pending',
    residentialAddressId,
    mailingAddressId,
    fileSource: 'Exchange',
    sourceExchangeId: subscriber.reporting.sourceExchangeId?.value ?? null,
  });
  await insertCoverageSpan(tx, {
    policyId: policy.id,
    addFolderId: `X12-${ctx.interchange}-${enrollment.controlNumber}`,
    startDate: start,
    endDate: end,
    planId: plan.id,
    planType: plan.planType,
    premiumAmountCents: amounts.premium,
    policyRateAmountCents: amounts.premium,
    taxCreditAmountCents: amounts.aptc,
    csrAmountCents: amounts.csr,
    otherSubsidyAmountCents: amounts.other,
    groupOrPolicyNumber: policyNumber,
    ratingArea: subscriber.reporting.ratingArea?.value ?? null,
  });
  await insertMemberSpans(
    tx,
    people.map((person) => {
      const memberStart = person.loop.coverage?.startDate ?? start;
      return {
        policyId: policy.id,
        memberId: person.id,
        relationship: person.loop.relationship,
        startDate: memberStart,
        endDate: person.loop.coverage?.endDate ?? end,
        ratingAge: ageOn(person.loop.dob ?? memberStart, memberStart),
        tobacco: person.loop.tobacco ?? false,
      };
    }),
  );
  await insertFinance(tx, {
    policyId: policy.id,
    premiumAmountDueCents: amounts.premium - amounts.aptc - amounts.other,
    currentAmountDueCents: 0,
    status: 'Binder',
  });
  await postToFinance(tx, policy.id, ctx.today, ctx.dueRule);

  if (ctx.demoPassword !== null) {
    const username = demoUsername(subscriber.subscriberId ?? '');
    await insertConsumerAccount(tx, {
      username,
      email: subscriber.email,
      givenName: subscriber.firstName,
      familyName: subscriber.lastName,
      passwordHash: hashPassword(ctx.demoPassword),
      roles: ['member'],
      memberId: subscriberRow.id,
    });
  }
  return { policy, members: created };
}

/** The demo account an imported subscriber signs in with (demo mode only): `x12.` and the exchange subscriber id. */
export const demoUsername = (subscriberId: string) => `x12.${subscriberId.toLowerCase()}`;

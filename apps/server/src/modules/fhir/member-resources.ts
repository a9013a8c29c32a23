import type { Coverage, Organization, Patient } from '@medplum/fhirtypes';
import type { MemberDetail, PolicyDetail } from '@portal/contracts';

/**
 * The member's records as FHIR R4 resources (docs/decisions/053): US Core Patient, CARIN Blue Button
 * (C4BB) Coverage, and the Organizations they name — the issuer (the payor) and a broker's agency.
 * Pure functions of what the policy and member services answer; nothing here reads the database.
 */

export const PROFILES = {
  patient: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient',
  coverage: 'http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Coverage',
  c4bbOrganization: 'http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Organization',
  plannetOrganization:
    'http://hl7.org/fhir/us/davinci-pdex-plan-net/StructureDefinition/plannet-Organization',
} as const;

const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const SUBSCRIBER_RELATIONSHIP = 'http://terminology.hl7.org/CodeSystem/subscriber-relationship';
const COVERAGE_CLASS = 'http://terminology.hl7.org/CodeSystem/coverage-class';
const ORG_TYPE = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/OrgTypeCS';

/** The identifier systems this issuer's numbers are given under (its public address names them). */
export function identifierSystems(publicUrl: string) {
  const base = `${publicUrl}/fhir/sid`;
  return {
    member: `${base}/member-id`,
    exchangeMember: `${base}/exchange-member-id`,
    policyNumber: `${base}/policy-number`,
    hiosIssuer: `${base}/hios-issuer-id`,
    npn: `${base}/npn`,
  };
}

export interface MemberContext {
  publicUrl: string;
  issuerName: string;
  hiosIssuerId: string;
  issuerPhone: string;
  issuerState: string;
}

/**
 * A Coverage's id: one per member per policy (C4BB: one beneficiary each), the two UUIDs' 32 hex digits
 * each, which is exactly FHIR's 64-character id limit and reads back without a look-up table.
 */
export function coverageId(policyId: string, memberId: string): string {
  return `${policyId.replaceAll('-', '')}${memberId.replaceAll('-', '')}`;
}

const uuidOf = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export function parseCoverageId(id: string): { policyId: string; memberId: string } | null {
  if (!/^[0-9a-f]{64}$/.test(id)) return null;
  return { policyId: uuidOf(id.slice(0, 32)), memberId: uuidOf(id.slice(32)) };
}

/** A broker's agency as an Organization id (the broker's UUID without its dashes). */
export const agencyId = (brokerId: string): string => `agency-${brokerId.replaceAll('-', '')}`;
export const ISSUER_ID = 'issuer';

const ADMINISTRATIVE_GENDER: Readonly<Record<string, 'female' | 'male' | 'other'>> = {
  female: 'female',
  male: 'male',
  other: 'other',
};

/** The portal's relationship to the subscriber as the subscriber-relationship code C4BB binds. */
const RELATIONSHIP: Readonly<Record<string, string>> = {
  self: 'self',
  spouse: 'spouse',
  child: 'child',
  stepchild: 'child',
  domesticPartner: 'common',
  ward: 'other',
  other: 'other',
};

/** The policy a member's address and contact details come from: their medical policy first. */
function homePolicy(
  member: MemberDetail,
  policies: ReadonlyMap<string, PolicyDetail>,
): PolicyDetail | undefined {
  const theirs = member.policies
    .map((coverage) => policies.get(coverage.policyId))
    .filter((policy) => policy !== undefined);
  return theirs.find((policy) => policy.lineOfCoverage === 'Medical') ?? theirs[0];
}

export function toPatient(
  member: MemberDetail,
  policies: ReadonlyMap<string, PolicyDetail>,
  context: MemberContext,
  lastUpdated: string,
): Patient {
  const systems = identifierSystems(context.publicUrl);
  const policy = homePolicy(member, policies);
  const address = policy?.residentialAddress;
  // The household's phone and e-mail are the subscriber's: shown on the subscriber's Patient only.
  const isSubscriber = policy?.members.some((m) => m.id === member.id && m.relationship === 'self') ?? false;
  const contact = isSubscriber ? policy?.contactInformation : null;
  const telecom: NonNullable<Patient['telecom']> = [];
  if (contact?.homePhone) telecom.push({ system: 'phone', value: contact.homePhone, use: 'home' });
  if (contact?.mobilePhone) telecom.push({ system: 'phone', value: contact.mobilePhone, use: 'mobile' });
  if (contact?.email) telecom.push({ system: 'email', value: contact.email });
  return {
    resourceType: 'Patient',
    id: member.id,
    meta: { profile: [PROFILES.patient], lastUpdated },
    identifier: [
      {
        use: 'usual',
        type: { coding: [{ system: V2_0203, code: 'MB', display: 'Member Number' }] },
        system: systems.member,
        value: member.folderId,
      },
      ...(member.exchangeMemberId
        ? [{ use: 'secondary' as const, system: systems.exchangeMember, value: member.exchangeMemberId }]
        : []),
    ],
    active: member.status !== 'Inactive',
    name: [
      {
        use: 'official',
        family: member.lastName,
        given: [member.firstName, ...(member.middleName ? [member.middleName] : [])],
      },
    ],
    ...(telecom.length > 0 ? { telecom } : {}),
    gender: ADMINISTRATIVE_GENDER[member.gender] ?? 'unknown',
    birthDate: member.dob,
    ...(address
      ? {
          address: [
            {
              use: 'home',
              type: 'physical',
              line: [address.street1, ...(address.street2 ? [address.street2] : [])],
              city: address.city,
              ...(address.countyName ? { district: address.countyName } : {}),
              state: address.state,
              postalCode: address.zipCode,
              country: 'US',
            },
          ],
        }
      : {}),
  };
}

const COVERAGE_TYPE = {
  Medical: { code: 'HIP', display: 'health insurance plan policy' },
  Dental: { code: 'DENTAL', display: 'dental care policy' },
  Vision: { code: 'VISPOL', display: 'vision care policy' },
} as const;

/**
 * The C4BB Coverage of one member on one policy: subscriber and beneficiary, relationship, the member's
 * merged coverage period, the issuer as payor, and the plan (its HIOS plan id and name) and employer
 * group as classes.
 */
export function toCoverage(
  member: MemberDetail,
  policy: PolicyDetail,
  context: MemberContext,
  lastUpdated: string,
  network: string | null,
): Coverage | null {
  const onPolicy = member.policies.find((coverage) => coverage.policyId === policy.id);
  if (!onPolicy) return null;
  const systems = identifierSystems(context.publicUrl);
  const subscriber = policy.members.find((m) => m.relationship === 'self');
  const classes: NonNullable<Coverage['class']> = [];
  if (policy.plan) {
    classes.push({
      type: { coding: [{ system: COVERAGE_CLASS, code: 'plan', display: 'Plan' }] },
      value: policy.plan.planId,
      name: policy.plan.planName,
    });
  }
  if (policy.group) {
    classes.push({
      type: { coding: [{ system: COVERAGE_CLASS, code: 'group', display: 'Group' }] },
      value: policy.group.groupNumber,
      name: policy.group.name,
    });
  }
  const type = COVERAGE_TYPE[policy.lineOfCoverage];
  return {
    resourceType: 'Coverage',
    id: coverageId(policy.id, member.id),
    meta: { profile: [PROFILES.coverage], lastUpdated },
    identifier: [
      {
        type: { coding: [{ system: V2_0203, code: 'MB', display: 'Member Number' }] },
        system: systems.member,
        value: member.folderId,
      },
      { system: systems.policyNumber, value: policy.policyNumber },
    ],
    status: onPolicy.status === 'Inactive' ? 'cancelled' : 'active',
    type: {
      coding: [{ system: ACT_CODE, code: type.code, display: type.display }],
      text: policy.lineOfCoverage,
    },
    ...(subscriber ? { subscriber: { reference: `Patient/${subscriber.id}` } } : {}),
    subscriberId: policy.issuerSubscriberId,
    beneficiary: { reference: `Patient/${member.id}` },
    relationship: {
      coding: [{ system: SUBSCRIBER_RELATIONSHIP, code: RELATIONSHIP[onPolicy.relationship] ?? 'other' }],
    },
    ...(onPolicy.effectiveDate
      ? { period: { start: onPolicy.effectiveDate, ...(onPolicy.endDate ? { end: onPolicy.endDate } : {}) } }
      : {}),
    payor: [{ reference: `Organization/${ISSUER_ID}`, display: context.issuerName }],
    ...(classes.length > 0 ? { class: classes } : {}),
    ...(network ? { network } : {}),
  };
}

/** The issuer: the payor of every Coverage, and the owner of the Plan-Net networks and plans (public). */
export function issuerOrganization(context: MemberContext, lastUpdated: string): Organization {
  return {
    resourceType: 'Organization',
    id: ISSUER_ID,
    meta: { profile: [PROFILES.plannetOrganization, PROFILES.c4bbOrganization], lastUpdated },
    identifier: [{ system: identifierSystems(context.publicUrl).hiosIssuer, value: context.hiosIssuerId }],
    active: true,
    type: [{ coding: [{ system: ORG_TYPE, code: 'payer', display: 'Payer' }] }],
    name: context.issuerName,
    telecom: [{ system: 'phone', value: context.issuerPhone, use: 'work' }],
    // Plan-Net requires an address; the issuer's own is not in the tenant's files, only its state.
    address: [{ use: 'work', state: context.issuerState, country: 'US' }],
  };
}

/** A broker of record's agency (or the broker's own practice when the broker names no agency). */
export function agencyOrganization(
  broker: NonNullable<PolicyDetail['broker']>,
  context: MemberContext,
  lastUpdated: string,
): Organization {
  return {
    resourceType: 'Organization',
    id: agencyId(broker.id),
    meta: { lastUpdated },
    identifier: [{ system: identifierSystems(context.publicUrl).npn, value: broker.npn }],
    active: true,
    type: [
      {
        coding: [{ system: ORG_TYPE, code: 'bus', display: 'Non-Healthcare Business' }],
        text: 'Insurance agency',
      },
    ],
    name: broker.agencyName ?? `${broker.firstName} ${broker.lastName}`,
    ...(broker.phone || broker.email
      ? {
          telecom: [
            ...(broker.phone
              ? [{ system: 'phone' as const, value: broker.phone, use: 'work' as const }]
              : []),
            ...(broker.email
              ? [{ system: 'email' as const, value: broker.email, use: 'work' as const }]
              : []),
          ],
        }
      : {}),
    contact: [{ name: { family: broker.lastName, given: [broker.firstName] } }],
  };
}

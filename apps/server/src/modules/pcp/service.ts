import { ageOn, distanceMiles, pcpOffered, type CalendarDate, type GeoPoint } from '@portal/domain';
import {
  PcpRequestDetailsSchema,
  type AccountConfig,
  type ChosenProvider,
  type PcpMember,
  type PcpOverview,
  type ProviderSearchQuerySchema,
  type ProviderSearchResponse,
  type ServiceRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { ruleViolation } from '../../plugins/command';
import { zipLocation } from '../address/service';
import { policyDetail } from '../policy/service';
import { serviceRequestList } from '../service-request/service';
import type { DirectoryProvider, ProviderDirectory } from './directory';

export type { DirectoryProvider, ProviderDirectory } from './directory';

/**
 * Choosing a primary care provider (issue 12; SPEC §2 /admin/pcp-select; docs/decisions/027): searching the
 * provider directory, and each member's PCP on record. The record is the `pcp` service request itself (the
 * last one completed names each member's PCP; one still open is the choice waiting for review), so a choice
 * needs no table of its own.
 */

export interface PcpContext {
  today: CalendarDate;
  account: AccountConfig;
  directory: ProviderDirectory;
}

/** "Dr. Nadège Alexis, MD" / "Keisha Brooks, NP": how a practitioner is named to members. */
export function providerName(
  provider: Pick<DirectoryProvider, 'firstName' | 'lastName' | 'credential'>,
): string {
  const doctor = provider.credential === 'MD' || provider.credential === 'DO';
  return `${doctor ? 'Dr. ' : ''}${provider.firstName} ${provider.lastName}, ${provider.credential}`;
}

export function providerAddress(provider: Pick<DirectoryProvider, 'address'>): string {
  const { street1, street2, city, state, zipCode } = provider.address;
  return `${street1}${street2 ? `, ${street2}` : ''}, ${city}, ${state} ${zipCode}`;
}

/** What a request keeps of the provider chosen for one member. */
export function choiceDetails(
  memberName: string,
  provider: DirectoryProvider,
): z.infer<typeof PcpRequestDetailsSchema>['choices'][number] {
  return {
    memberName,
    providerName: providerName(provider),
    npi: provider.npi,
    specialty: provider.specialty,
    practiceName: provider.practiceName,
    providerAddress: providerAddress(provider),
    providerPhone: provider.phone,
  };
}

type Choice = z.infer<typeof PcpRequestDetailsSchema>['choices'][number];
const chosen = (choice: Choice, directory: ProviderDirectory): ChosenProvider => ({
  npi: choice.npi,
  name: choice.providerName,
  specialty: choice.specialty,
  practiceName: choice.practiceName,
  phone: choice.providerPhone,
  address: choice.providerAddress,
  person: ((live) =>
    live
      ? {
          firstName: live.firstName,
          lastName: live.lastName,
          credential: live.credential,
          gender: live.gender,
        }
      : null)(directory.byNpi(choice.npi)),
});

/** Each member's PCP on record and choice under review, from the policy's `pcp` requests (newest first). */
function pcpOfMembers(
  requests: readonly ServiceRequest[],
  directory: ProviderDirectory,
): Map<string, Pick<PcpMember, 'current' | 'pending'>> {
  const byMember = new Map<string, Pick<PcpMember, 'current' | 'pending'>>();
  const entry = (memberId: string) => {
    let found = byMember.get(memberId);
    if (!found) {
      found = { current: null, pending: null };
      byMember.set(memberId, found);
    }
    return found;
  };
  for (const request of requests) {
    if (request.type !== 'pcp') continue;
    const details = PcpRequestDetailsSchema.safeParse(request.details);
    if (!details.success) continue;
    request.memberIds.forEach((memberId, index) => {
      const choice = details.data.choices[index];
      if (!choice) return;
      const member = entry(memberId);
      if (request.status === 'Completed' && member.current === null)
        member.current = { provider: chosen(choice, directory), since: request.updatedAt.slice(0, 10) };
      if ((request.status === 'Submitted' || request.status === 'InReview') && member.pending === null) {
        member.pending = {
          provider: chosen(choice, directory),
          requestId: request.id,
          referenceNumber: request.referenceNumber,
        };
      }
    });
  }
  return byMember;
}

/**
 * The policy's members (covered now or from a coming date) with their PCP; whether they choose one here
 * (SPEC §4's three conditions for this policy's plan type; the assertion's OnlyPCP for an asserted session).
 */
export async function pcpOverview(
  db: Database,
  policyId: string,
  context: PcpContext & { principal: Principal },
): Promise<PcpOverview> {
  const detail = await policyDetail(db, policyId, { today: context.today, account: context.account });
  if (!detail) throw new Error(`policy ${policyId} vanished`);
  const offered = pcpOffered({
    selectionEnabled: context.account.pcp.selectionEnabled,
    planTypeWhitelist: context.account.pcp.planTypeWhitelist,
    planType: detail.planType,
    onlyPcp: context.principal.kind === 'asserted' ? context.principal.onlyPcp : null,
  });
  const requests = detail.householdId
    ? (await serviceRequestList(db, detail.householdId, { policyId, status: 'all' })).items
    : [];
  const pcps = pcpOfMembers(requests, context.directory);
  const members = detail.members
    .filter((member) => member.status !== 'Inactive')
    .map((member) => ({
      memberId: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      relationship: member.relationship,
      age: ageOn(member.dob, context.today),
      ...(pcps.get(member.id) ?? { current: null, pending: null }),
    }));
  return {
    policyId: detail.id,
    policyNumber: detail.policyNumber,
    planName: detail.planName,
    planType: detail.planType,
    offered,
    unavailableReason: !offered ? 'not-offered' : detail.householdId === null ? 'no-household' : null,
    network: context.directory.networkOfPlan(detail.planId),
    appliesAtOnce: context.account.pcp.changesApplyAtOnce,
    members,
  };
}

/** Lower case without accents: "José" is found by "jose". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function matchesName(provider: DirectoryProvider, wanted: string): boolean {
  const words = [
    provider.firstName,
    provider.lastName,
    ...provider.lastName.split(/[\s-]+/),
    ...provider.practiceName.split(/\s+/),
  ].map(folded);
  const prefix = folded(wanted.trim());
  return (
    words.some((word) => word.startsWith(prefix)) ||
    folded(`${provider.firstName} ${provider.lastName}`).startsWith(prefix)
  );
}

const pointCache = new Map<string, GeoPoint | null>();
async function pointOf(zipCode: string): Promise<GeoPoint | null> {
  if (!pointCache.has(zipCode)) pointCache.set(zipCode, await zipLocation(zipCode));
  return pointCache.get(zipCode) ?? null;
}

type SearchQuery = z.output<typeof ProviderSearchQuerySchema>;

/**
 * `GET /api/v1/providers`: by name (start of the first or last name or of a word of the practice), specialty,
 * language, network and whether they take new patients; from a ZIP code, the nearest first (within the
 * radius when one is given), else by last name. A page at a time.
 */
export async function searchProviders(
  directory: ProviderDirectory,
  query: SearchQuery,
): Promise<ProviderSearchResponse> {
  let origin: ProviderSearchResponse['origin'] = null;
  let from: GeoPoint | null = null;
  if (query.zipCode !== undefined) {
    const place = await zipLocation(query.zipCode);
    if (!place)
      throw ruleViolation('query.zipCode', 'zip-unknown', `There is no ZIP code ${query.zipCode}.`, {
        zip: query.zipCode,
      });
    origin = { zipCode: place.zipCode, city: place.city };
    from = place;
  }
  const filtered = directory.providers.filter(
    (provider) =>
      (query.name === undefined || matchesName(provider, query.name)) &&
      (query.specialty === undefined || provider.specialty === query.specialty) &&
      (query.language === undefined || provider.languages.includes(query.language)) &&
      (query.network === undefined || provider.networks.includes(query.network)) &&
      (query.acceptingNewPatients === undefined ||
        provider.acceptingNewPatients === query.acceptingNewPatients),
  );
  let found: { provider: DirectoryProvider; distanceMiles: number | null }[] = filtered.map((provider) => ({
    provider,
    distanceMiles: null,
  }));
  if (from) {
    const origin = from;
    const measured = await Promise.all(
      filtered.map(async (provider) => {
        const point = await pointOf(provider.address.zipCode);
        return { provider, distanceMiles: point ? distanceMiles(origin, point) : null };
      }),
    );
    found = measured
      .filter(
        (entry) =>
          entry.distanceMiles !== null &&
          (query.radiusMiles === undefined || entry.distanceMiles <= query.radiusMiles),
      )
      .sort((a, b) => (a.distanceMiles ?? 0) - (b.distanceMiles ?? 0));
  }
  const start = (query.page - 1) * query.pageSize;
  return {
    items: found
      .slice(start, start + query.pageSize)
      .map(({ provider, distanceMiles }) => ({ ...provider, distanceMiles })),
    page: query.page,
    pageSize: query.pageSize,
    total: found.length,
    origin,
  };
}

import { createHash } from 'node:crypto';
import type {
  InsurancePlan,
  Location,
  Organization,
  Practitioner,
  PractitionerRole,
  Resource,
} from '@medplum/fhirtypes';
import type { PcpSpecialty } from '@portal/domain';
import type { PlanRow } from '../benefits/service';
import type { DirectoryProvider, ProviderDirectory } from '../pcp/service';
import { ISSUER_ID } from './member-resources';

/**
 * The public provider directory as Da Vinci PDex Plan-Net resources (docs/decisions/053): each
 * practitioner of the provider directory port (decision 027) is a Practitioner and a PractitionerRole at
 * their practice (an Organization) and its address (a Location), in the plan networks (Network
 * Organizations, part of the issuer) the practice takes part in; each plan the issuer holds is an
 * InsurancePlan naming its network. Built once per directory: it is reference data, not members' data.
 */

const PLANNET = 'http://hl7.org/fhir/us/davinci-pdex-plan-net';
export const PLANNET_PROFILES = {
  practitioner: `${PLANNET}/StructureDefinition/plannet-Practitioner`,
  practitionerRole: `${PLANNET}/StructureDefinition/plannet-PractitionerRole`,
  organization: `${PLANNET}/StructureDefinition/plannet-Organization`,
  network: `${PLANNET}/StructureDefinition/plannet-Network`,
  location: `${PLANNET}/StructureDefinition/plannet-Location`,
  insurancePlan: `${PLANNET}/StructureDefinition/plannet-InsurancePlan`,
} as const;
const ORG_TYPE = `${PLANNET}/CodeSystem/OrgTypeCS`;
const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
export const NUCC = 'http://nucc.org/provider-taxonomy';

/** The NUCC taxonomy code of each primary-care specialty of the directory. */
export const SPECIALTY_CODES: Readonly<Record<PcpSpecialty, { code: string; display: string }>> = {
  'family-medicine': { code: '207Q00000X', display: 'Family Medicine Physician' },
  'internal-medicine': { code: '207R00000X', display: 'Internal Medicine Physician' },
  pediatrics: { code: '208000000X', display: 'Pediatrics Physician' },
  'geriatric-medicine': { code: '207QG0300X', display: 'Geriatric Medicine (Family Medicine) Physician' },
  'general-practice': { code: '208D00000X', display: 'General Practice Physician' },
};

/** A credential as the v2-0360 degree code Plan-Net's qualification binding offers. */
const DEGREES: Readonly<Record<string, string>> = { MD: 'MD', DO: 'DO', NP: 'NP', 'PA-C': 'PA' };

/** What a directory holds for the FHIR server: every resource by type and id, and how they link. */
export interface DirectoryResources {
  readonly byType: ReadonlyMap<string, ReadonlyMap<string, Resource>>;
  /** The plans the issuer holds now as InsurancePlans, by id (read per request: plans come and go with the data). */
  insurancePlans(plans: readonly PlanRow[]): ReadonlyMap<string, InsurancePlan>;
  /** The network of a plan by its HIOS plan id (a Coverage names it). */
  networkNameOfPlan(planId: string): string | null;
}

const shortHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

const practiceKey = (provider: DirectoryProvider): string =>
  shortHash(
    [
      provider.practiceName,
      provider.address.street1,
      provider.address.street2 ?? '',
      provider.address.zipCode,
    ].join('|'),
  );

const PRODUCT_TYPE: Readonly<
  Record<PlanRow['lineOfCoverage'], Readonly<Record<PlanRow['planType'], string>>>
> = {
  Medical: { HMO: 'commhmo', PPO: 'commppo', EPO: 'commepo', POS: 'commpos' },
  Dental: { HMO: 'denthmo', PPO: 'dent', EPO: 'dent', POS: 'dent' },
  Vision: { HMO: 'vishmo', PPO: 'vis', EPO: 'vis', POS: 'vis' },
};

const METAL: Readonly<Record<NonNullable<PlanRow['metalLevel']>, string>> = {
  Catastrophic: 'catastrophic',
  Bronze: 'bronze',
  Silver: 'silver',
  Gold: 'gold',
  Platinum: 'platinum',
  Low: 'lowdeductible',
  High: 'highdeductible',
};

export interface DirectorySources {
  directory: ProviderDirectory;
  plans: readonly PlanRow[];
  /** Latitude and longitude of a ZIP code (the address module's reference), or null. */
  zipPoint: (zipCode: string) => Promise<{ latitude: number; longitude: number } | null>;
  /** When the directory was loaded: every resource's `meta.lastUpdated`. */
  loadedAt: string;
  issuerName: string;
  issuerState: string;
  publicUrl: string;
}

export async function buildDirectoryResources(sources: DirectorySources): Promise<DirectoryResources> {
  const { directory, plans, loadedAt } = sources;
  const meta = (profile: string) => ({ profile: [profile], lastUpdated: loadedAt });
  const practitioners = new Map<string, Resource>();
  const roles = new Map<string, Resource>();
  const organizations = new Map<string, Resource>();
  const locations = new Map<string, Resource>();

  // Networks: named by the plans that use them; a network no plan names keeps its id as its name.
  const networkNames = new Map<string, string>();
  const networkOfPlan = new Map<string, string>();
  for (const plan of plans) {
    const network = directory.networkOfPlan(plan.id);
    if (!network) continue;
    networkNames.set(network.id, network.name);
    networkOfPlan.set(plan.id, network.id);
  }
  for (const provider of directory.providers)
    for (const id of provider.networks) if (!networkNames.has(id)) networkNames.set(id, id);
  const networkId = (id: string) => `network-${id}`;
  for (const [id, name] of networkNames) {
    const network: Organization = {
      resourceType: 'Organization',
      id: networkId(id),
      meta: meta(PLANNET_PROFILES.network),
      active: true,
      type: [{ coding: [{ system: ORG_TYPE, code: 'ntwk', display: 'Network' }] }],
      name: `${name} network`,
      partOf: { reference: `Organization/${ISSUER_ID}`, display: sources.issuerName },
    };
    organizations.set(network.id ?? '', network);
  }

  const points = new Map<string, { latitude: number; longitude: number } | null>();
  for (const zip of new Set(directory.providers.map((provider) => provider.address.zipCode)))
    points.set(zip, await sources.zipPoint(zip));

  for (const provider of directory.providers) {
    const key = practiceKey(provider);
    const organizationId = `practice-${key}`;
    const locationId = `location-${key}`;
    const address = {
      use: 'work' as const,
      type: 'physical' as const,
      line: [provider.address.street1, ...(provider.address.street2 ? [provider.address.street2] : [])],
      city: provider.address.city,
      district: provider.address.countyName,
      state: provider.address.state,
      postalCode: provider.address.zipCode,
      country: 'US',
    };
    const phone = { system: 'phone' as const, value: provider.phone, use: 'work' as const };
    if (!organizations.has(organizationId)) {
      const practice: Organization = {
        resourceType: 'Organization',
        id: organizationId,
        meta: meta(PLANNET_PROFILES.organization),
        active: true,
        type: [{ coding: [{ system: ORG_TYPE, code: 'prvgrp', display: 'Provider Group' }] }],
        name: provider.practiceName,
        telecom: [phone],
        address: [address],
      };
      organizations.set(organizationId, practice);
    }
    if (!locations.has(locationId)) {
      const point = points.get(provider.address.zipCode);
      const location: Location = {
        resourceType: 'Location',
        id: locationId,
        meta: meta(PLANNET_PROFILES.location),
        status: 'active',
        name: provider.practiceName,
        telecom: [phone],
        address,
        // The ZIP code's centre (the ZIP reference, decision 022): where the practice is, to a few miles.
        ...(point ? { position: { latitude: point.latitude, longitude: point.longitude } } : {}),
        managingOrganization: { reference: `Organization/${organizationId}` },
      };
      locations.set(locationId, location);
    }
    const degree = DEGREES[provider.credential];
    const practitioner: Practitioner = {
      resourceType: 'Practitioner',
      id: provider.npi,
      meta: meta(PLANNET_PROFILES.practitioner),
      identifier: [
        {
          use: 'official',
          type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'NPI' }] },
          system: NPI_SYSTEM,
          value: provider.npi,
        },
      ],
      active: true,
      name: [
        {
          use: 'official',
          family: provider.lastName,
          given: [provider.firstName],
          ...(provider.credential ? { suffix: [provider.credential] } : {}),
        },
      ],
      gender: provider.gender,
      ...(degree
        ? {
            qualification: [
              {
                code: {
                  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0360', code: degree }],
                  text: provider.credential,
                },
              },
            ],
          }
        : {}),
      communication: ['en', ...provider.languages.filter((language) => language !== 'en')].map(
        (language) => ({
          coding: [{ system: 'urn:ietf:bcp:47', code: language }],
        }),
      ),
    };
    practitioners.set(provider.npi, practitioner);
    const specialty = SPECIALTY_CODES[provider.specialty];
    const role: PractitionerRole = {
      resourceType: 'PractitionerRole',
      id: `role-${provider.npi}`,
      meta: meta(PLANNET_PROFILES.practitionerRole),
      extension: [
        {
          url: `${PLANNET}/StructureDefinition/newpatients`,
          extension: [
            {
              url: 'acceptingPatients',
              valueCodeableConcept: {
                coding: [
                  {
                    system: `${PLANNET}/CodeSystem/AcceptingPatientsCS`,
                    code: provider.acceptingNewPatients ? 'newpt' : 'existptonly',
                  },
                ],
              },
            },
          ],
        },
        ...provider.networks.map((id) => ({
          url: `${PLANNET}/StructureDefinition/network-reference`,
          valueReference: { reference: `Organization/${networkId(id)}` },
        })),
      ],
      active: true,
      practitioner: {
        reference: `Practitioner/${provider.npi}`,
        display: `${provider.firstName} ${provider.lastName}, ${provider.credential}`,
      },
      organization: { reference: `Organization/${organizationId}`, display: provider.practiceName },
      code: [
        { coding: [{ system: `${PLANNET}/CodeSystem/ProviderRoleCS`, code: 'ph', display: 'Physician' }] },
      ],
      specialty: [{ coding: [{ system: NUCC, code: specialty.code, display: specialty.display }] }],
      location: [{ reference: `Location/${locationId}` }],
      telecom: [phone],
    };
    roles.set(role.id ?? '', role);
  }

  const networkNameOfPlan = (planId: string): string | null => directory.networkOfPlan(planId)?.name ?? null;
  return {
    insurancePlans: (current) =>
      new Map(
        current.map((plan) => [
          plan.id,
          toInsurancePlan(plan, directory.networkOfPlan(plan.id)?.id ?? null, sources),
        ]),
      ),
    byType: new Map<string, ReadonlyMap<string, Resource>>([
      ['Practitioner', practitioners],
      ['PractitionerRole', roles],
      ['Organization', organizations],
      ['Location', locations],
    ]),
    networkNameOfPlan,
  };
}

/** A plan the issuer holds as a Plan-Net InsurancePlan: product type, metal level, owner, period, network. */
function toInsurancePlan(
  plan: PlanRow,
  network: string | null,
  sources: Pick<DirectorySources, 'loadedAt' | 'issuerName' | 'publicUrl'>,
): InsurancePlan {
  const product = PRODUCT_TYPE[plan.lineOfCoverage][plan.planType];
  return {
    resourceType: 'InsurancePlan',
    id: plan.id,
    meta: { profile: [PLANNET_PROFILES.insurancePlan], lastUpdated: sources.loadedAt },
    identifier: [{ system: `${sources.publicUrl}/fhir/sid/hios-plan-id`, value: plan.id }],
    status: 'active',
    type: [{ coding: [{ system: `${PLANNET}/CodeSystem/InsuranceProductTypeCS`, code: product }] }],
    name: plan.planName,
    period: { start: plan.effectiveDate, end: plan.effectiveEndDate },
    ownedBy: { reference: `Organization/${ISSUER_ID}`, display: sources.issuerName },
    administeredBy: { reference: `Organization/${ISSUER_ID}`, display: sources.issuerName },
    ...(network ? { network: [{ reference: `Organization/network-${network}` }] } : {}),
    ...(plan.metalLevel
      ? {
          plan: [
            {
              type: {
                coding: [
                  { system: `${PLANNET}/CodeSystem/InsurancePlanTypeCS`, code: METAL[plan.metalLevel] },
                ],
              },
            },
          ],
        }
      : {}),
  };
}

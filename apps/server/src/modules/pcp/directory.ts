import { npiCheckDigit, type PcpSpecialty, type ProviderLanguage } from '@portal/domain';
import type { Provider } from '@portal/contracts';
import { Random } from '../../seed/random';
import { COMMUNITIES, type Community } from '../../seed/reference/names';
import { PLAN_DESIGNS } from '../../seed/reference/plan-designs';
import { COUNTIES, PLACES, STREETS, type Place } from '../../seed/reference/places';

/**
 * The provider directory (issue 12, SPEC §2 /admin/pcp-select; docs/decisions/027-provider-directory.md).
 *
 * The issuer's directory of primary care practitioners is reference data the portal reads, not data it
 * owns: a real deployment reads its own (the CMS-required provider directory, e.g. a FHIR Plan-Net feed)
 * behind the {@link ProviderDirectory} port. Demo mode gets a generated one — deterministic (one seeded
 * stream), a few hundred practitioners in the seed's Massachusetts places (real city, county and ZIP
 * combinations), with names and languages of the communities that live there, in practices that take
 * part in the demo issuer's plan networks. Outside demo mode the directory is empty until one is plugged in.
 */

export type DirectoryProvider = Omit<Provider, 'distanceMiles'>;

/** A plan network: the practices a plan's members use. Named after the plan family (HIOS product). */
export interface Network {
  id: string;
  name: string;
}

export interface ProviderDirectory {
  readonly providers: readonly DirectoryProvider[];
  /** The network of a plan (by its HIOS plan id), or null when the directory has none for it. */
  networkOfPlan(planId: string | null): Network | null;
  byNpi(npi: string): DirectoryProvider | undefined;
}

const ISSUER_PRODUCT = /^[0-9]{5}[A-Z]{2}([0-9]{3})/;

class Directory implements ProviderDirectory {
  private readonly index: Map<string, DirectoryProvider>;

  constructor(
    readonly providers: readonly DirectoryProvider[],
    private readonly networksByProduct: ReadonlyMap<string, Network>,
  ) {
    this.index = new Map(providers.map((provider) => [provider.npi, provider]));
  }

  networkOfPlan(planId: string | null): Network | null {
    const product = planId ? ISSUER_PRODUCT.exec(planId)?.[1] : undefined;
    return product ? (this.networksByProduct.get(product) ?? null) : null;
  }

  byNpi(npi: string): DirectoryProvider | undefined {
    return this.index.get(npi);
  }
}

/** No practitioners: what a deployment without a directory has (every search finds nobody). */
export const EMPTY_DIRECTORY: ProviderDirectory = new Directory([], new Map());

/** The medical networks of the demo issuer's plan catalogue: one per plan family, with the share of practices in it. */
function demoNetworks(): { byProduct: Map<string, Network>; share: Map<string, number> } {
  const byProduct = new Map<string, Network>();
  const share = new Map<string, number>();
  // HMO networks are the narrowest, PPO ones the widest (DOMAIN "Plans and coverage").
  const shareOf = { HMO: 0.6, EPO: 0.72, POS: 0.8, PPO: 0.92 } as const;
  for (const design of Object.values(PLAN_DESIGNS)) {
    if (design.line !== 'Medical') continue;
    const id = design.family.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    byProduct.set(design.product, { id, name: design.family });
    share.set(id, Math.max(share.get(id) ?? 0, shareOf[design.planType]));
  }
  return { byProduct, share };
}

/** The languages a practitioner of a community speaks with patients, English always included. */
const COMMUNITY_LANGUAGES: Readonly<Record<Community, readonly ProviderLanguage[]>> = {
  anglo: [],
  africanAmerican: [],
  latino: ['es'],
  lusophone: ['pt'],
  brazilian: ['pt'],
  capeVerdean: ['pt', 'kea'],
  vietnamese: ['vi'],
  chinese: ['zh'],
  haitian: ['ht', 'fr'],
  khmer: ['km'],
};

type PracticeKind = 'family' | 'internal' | 'pediatrics' | 'health-center' | 'geriatrics';

const PRACTICE_KINDS: readonly (readonly [PracticeKind, number])[] = [
  ['family', 4],
  ['internal', 3],
  ['pediatrics', 2],
  ['health-center', 2],
  ['geriatrics', 1],
];

const SPECIALTIES_OF: Readonly<Record<PracticeKind, readonly (readonly [PcpSpecialty, number])[]>> = {
  family: [
    ['family-medicine', 5],
    ['general-practice', 1],
  ],
  internal: [['internal-medicine', 1]],
  pediatrics: [['pediatrics', 1]],
  'health-center': [
    ['family-medicine', 3],
    ['internal-medicine', 2],
    ['pediatrics', 2],
    ['general-practice', 1],
  ],
  geriatrics: [
    ['geriatric-medicine', 3],
    ['internal-medicine', 1],
  ],
};

function practiceName(
  random: Random,
  kind: PracticeKind,
  place: Place,
  street: string,
  founder: string,
): string {
  const streetName = street.replace(/ (St|Ave|Rd)$/, '');
  const county = COUNTIES[place.county].name;
  const options: Record<PracticeKind, readonly string[]> = {
    family: [
      `${place.city} Family Medicine`,
      `${founder} Family Practice`,
      `${streetName} Street Family Health`,
      `${county} Family Physicians`,
    ],
    internal: [
      `${place.city} Internal Medicine`,
      `${founder} & Associates Internal Medicine`,
      `${streetName} Adult Medicine`,
    ],
    pediatrics: [
      `${place.city} Pediatrics`,
      `${streetName} Street Pediatrics`,
      `Kids First Pediatrics of ${place.city}`,
    ],
    'health-center': [
      `${place.city} Community Health Center`,
      `${county} Neighborhood Health`,
      `${place.city} Family Health Center`,
    ],
    geriatrics: [`${place.city} Senior Care Associates`, `${county} Geriatric Medicine`],
  };
  return random.pick(options[kind]);
}

const CREDENTIALS: readonly (readonly [string, number])[] = [
  ['MD', 13],
  ['DO', 3],
  ['NP', 3],
  ['PA-C', 1],
];

/** Builds the generated directory from the seed's reference data, the same on every run and machine. */
export function generateDirectory(seed = 'provider-directory-v1'): ProviderDirectory {
  const random = Random.from(seed);
  const networks = demoNetworks();
  const providers: DirectoryProvider[] = [];
  const npis = new Set<string>();
  const phones = new Set<string>();
  const taken = new Set<string>();

  const newNpi = (): string => {
    for (;;) {
      const nine = `1${random.digits(8)}`;
      const npi = `${nine}${npiCheckDigit(nine)}`;
      if (!npis.has(npi)) {
        npis.add(npi);
        return npi;
      }
    }
  };
  // 555-0100 to 555-0199: numbers the telephone plan keeps for fiction.
  const newPhone = (areaCodes: readonly string[]): string => {
    for (let attempt = 0; ; attempt++) {
      const area =
        attempt < 50
          ? random.pick(areaCodes)
          : random.pick(['617', '508', '781', '978', '413', '774', '857', '339', '351']);
      const phone = `(${area}) 555-01${random.digits(2)}`;
      if (!phones.has(phone)) {
        phones.add(phone);
        return phone;
      }
    }
  };

  for (const place of PLACES) {
    // Bigger places have more practices: one to four.
    const practices = Math.min(4, 1 + Math.floor(place.weight / 2) + (random.chance(0.4) ? 1 : 0));
    for (let p = 0; p < practices; p++) {
      const kind = random.weighted(PRACTICE_KINDS);
      const street = random.pick(STREETS);
      const number = random.int(2, 1400);
      const zipCode = random.pick(place.zipCodes);
      const suite = random.chance(0.5)
        ? `Suite ${random.pick(['100', '101', '200', '202', '210', '300', '3B', '410'])}`
        : null;
      const founderCommunity = random.weighted(Object.entries(place.communities) as [Community, number][]);
      const founder = random.pick(COMMUNITIES[founderCommunity].last);
      const name = practiceName(random, kind, place, street, founder);
      const phone = newPhone(place.areaCodes);
      const practiceNetworks = [...networks.share.entries()]
        .filter(([, share]) => random.chance(share))
        .map(([id]) => id);
      if (practiceNetworks.length === 0)
        practiceNetworks.push([...networks.share.keys()].at(-1) ?? 'coastal');
      const acceptingShare = random.pick([0.45, 0.7, 0.85]);
      const size = kind === 'health-center' ? random.int(3, 6) : random.int(1, 4);
      for (let i = 0; i < size; i++) {
        const community = random.weighted(Object.entries(place.communities) as [Community, number][]);
        const names = COMMUNITIES[community];
        const gender = random.chance(0.55) ? 'female' : 'male';
        // Two practitioners of one name in a directory this size would only confuse: draw again (a few times).
        let firstName = random.pick(names.adult[gender]);
        let lastName = random.pick(names.last);
        for (let attempt = 0; attempt < 8 && taken.has(`${firstName} ${lastName}`); attempt++) {
          firstName = random.pick(names.adult[gender]);
          lastName = random.pick(names.last);
        }
        taken.add(`${firstName} ${lastName}`);
        const languages = new Set<ProviderLanguage>(['en', ...COMMUNITY_LANGUAGES[community]]);
        // Many practitioners learnt a second language for their patients.
        if (random.chance(0.18))
          languages.add(
            random.weighted([
              ['es', 6],
              ['pt', 3],
              ['fr', 1],
              ['ru', 1],
              ['ar', 1],
            ]),
          );
        providers.push({
          npi: newNpi(),
          firstName,
          lastName,
          credential: random.weighted(CREDENTIALS),
          gender,
          specialty: random.weighted(SPECIALTIES_OF[kind]),
          languages: [...languages],
          practiceName: name,
          address: {
            street1: `${number} ${street}`,
            street2: suite,
            city: place.city,
            state: 'MA',
            zipCode,
            countyName: COUNTIES[place.county].name,
          },
          phone,
          acceptingNewPatients: random.chance(acceptingShare),
          networks: practiceNetworks,
        });
      }
    }
  }
  providers.sort(
    (a, b) =>
      a.lastName.localeCompare(b.lastName, 'en') ||
      a.firstName.localeCompare(b.firstName, 'en') ||
      a.npi.localeCompare(b.npi),
  );
  return new Directory(providers, networks.byProduct);
}

let generated: ProviderDirectory | null = null;

/** The demo directory, generated once per process. */
export function demoDirectory(): ProviderDirectory {
  generated ??= generateDirectory();
  return generated;
}

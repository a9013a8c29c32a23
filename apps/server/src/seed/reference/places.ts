import type { Community } from './names';

/**
 * Massachusetts places for demo addresses (DOMAIN "Demo data that looks real": real city, county,
 * FIPS and ZIP combinations of one state). County FIPS codes are the Census 5-digit codes (state 25).
 * `communities` weights who lives there, so names and languages match the place: Portuguese and
 * Azorean families on the South Coast, Brazilians in MetroWest, Dominicans and Puerto Ricans in
 * Lawrence and Holyoke, Cape Verdeans in Brockton, Cambodians in Lowell, and so on.
 */

export interface County {
  readonly name: string;
  readonly fipsCode: string;
  /** Relative premium level of the county's rating area (Cape and Islands cost more, the west less). */
  readonly areaFactor: number;
}

export const COUNTIES = {
  Barnstable: { name: 'Barnstable', fipsCode: '25001', areaFactor: 1.06 },
  Berkshire: { name: 'Berkshire', fipsCode: '25003', areaFactor: 0.97 },
  Bristol: { name: 'Bristol', fipsCode: '25005', areaFactor: 0.95 },
  Dukes: { name: 'Dukes', fipsCode: '25007', areaFactor: 1.08 },
  Essex: { name: 'Essex', fipsCode: '25009', areaFactor: 0.98 },
  Franklin: { name: 'Franklin', fipsCode: '25011', areaFactor: 0.93 },
  Hampden: { name: 'Hampden', fipsCode: '25013', areaFactor: 0.92 },
  Hampshire: { name: 'Hampshire', fipsCode: '25015', areaFactor: 0.93 },
  Middlesex: { name: 'Middlesex', fipsCode: '25017', areaFactor: 1.0 },
  Nantucket: { name: 'Nantucket', fipsCode: '25019', areaFactor: 1.1 },
  Norfolk: { name: 'Norfolk', fipsCode: '25021', areaFactor: 1.0 },
  Plymouth: { name: 'Plymouth', fipsCode: '25023', areaFactor: 0.97 },
  Suffolk: { name: 'Suffolk', fipsCode: '25025', areaFactor: 1.02 },
  Worcester: { name: 'Worcester', fipsCode: '25027', areaFactor: 0.95 },
} as const satisfies Record<string, County>;

export type CountyName = keyof typeof COUNTIES;

export interface Place {
  /** The USPS city name for the ZIP codes (Boston neighbourhoods have their own). */
  readonly city: string;
  readonly county: CountyName;
  readonly zipCodes: readonly string[];
  /** Telephone area codes of the place (overlays included). */
  readonly areaCodes: readonly string[];
  /** How many demo households live here, relative to the other places. */
  readonly weight: number;
  readonly communities: Partial<Record<Community, number>>;
}

const BOSTON = ['617', '857'];
const NORTH = ['978', '351'];
const SOUTH = ['508', '774'];
const INNER = ['781', '339'];

export const PLACES: readonly Place[] = [
  // Suffolk
  {
    city: 'Boston',
    county: 'Suffolk',
    zipCodes: ['02108', '02115', '02116', '02118'],
    areaCodes: BOSTON,
    weight: 5,
    communities: { anglo: 5, chinese: 2, africanAmerican: 2, latino: 2 },
  },
  {
    city: 'Dorchester',
    county: 'Suffolk',
    zipCodes: ['02122', '02125'],
    areaCodes: BOSTON,
    weight: 5,
    communities: { anglo: 3, vietnamese: 3, capeVerdean: 2, haitian: 2, africanAmerican: 3, latino: 1 },
  },
  {
    city: 'Dorchester Center',
    county: 'Suffolk',
    zipCodes: ['02124'],
    areaCodes: BOSTON,
    weight: 3,
    communities: { haitian: 3, africanAmerican: 3, capeVerdean: 2, latino: 1 },
  },
  {
    city: 'Roxbury',
    county: 'Suffolk',
    zipCodes: ['02119'],
    areaCodes: BOSTON,
    weight: 3,
    communities: { africanAmerican: 4, latino: 3, capeVerdean: 2 },
  },
  {
    city: 'Mattapan',
    county: 'Suffolk',
    zipCodes: ['02126'],
    areaCodes: BOSTON,
    weight: 2,
    communities: { haitian: 5, africanAmerican: 3 },
  },
  {
    city: 'Hyde Park',
    county: 'Suffolk',
    zipCodes: ['02136'],
    areaCodes: BOSTON,
    weight: 2,
    communities: { haitian: 3, africanAmerican: 2, anglo: 2, latino: 2 },
  },
  {
    city: 'Jamaica Plain',
    county: 'Suffolk',
    zipCodes: ['02130'],
    areaCodes: BOSTON,
    weight: 2,
    communities: { anglo: 3, latino: 3 },
  },
  {
    city: 'East Boston',
    county: 'Suffolk',
    zipCodes: ['02128'],
    areaCodes: BOSTON,
    weight: 3,
    communities: { latino: 6, anglo: 2, brazilian: 1 },
  },
  {
    city: 'Roslindale',
    county: 'Suffolk',
    zipCodes: ['02131'],
    areaCodes: BOSTON,
    weight: 2,
    communities: { anglo: 3, latino: 2, haitian: 1 },
  },
  {
    city: 'Brighton',
    county: 'Suffolk',
    zipCodes: ['02135'],
    areaCodes: BOSTON,
    weight: 2,
    communities: { anglo: 4, chinese: 1, brazilian: 1 },
  },
  {
    city: 'Chelsea',
    county: 'Suffolk',
    zipCodes: ['02150'],
    areaCodes: BOSTON,
    weight: 3,
    communities: { latino: 7, anglo: 1 },
  },
  {
    city: 'Revere',
    county: 'Suffolk',
    zipCodes: ['02151'],
    areaCodes: INNER,
    weight: 3,
    communities: { latino: 3, anglo: 3, brazilian: 1 },
  },
  // Middlesex
  {
    city: 'Cambridge',
    county: 'Middlesex',
    zipCodes: ['02138', '02139', '02140', '02141'],
    areaCodes: BOSTON,
    weight: 4,
    communities: { anglo: 4, lusophone: 1, haitian: 1, chinese: 1, africanAmerican: 1 },
  },
  {
    city: 'Somerville',
    county: 'Middlesex',
    zipCodes: ['02143', '02144', '02145'],
    areaCodes: BOSTON,
    weight: 3,
    communities: { anglo: 3, brazilian: 2, lusophone: 1, latino: 1, haitian: 1 },
  },
  {
    city: 'Malden',
    county: 'Middlesex',
    zipCodes: ['02148'],
    areaCodes: INNER,
    weight: 3,
    communities: { chinese: 3, anglo: 2, haitian: 1, brazilian: 1 },
  },
  {
    city: 'Everett',
    county: 'Middlesex',
    zipCodes: ['02149'],
    areaCodes: BOSTON,
    weight: 3,
    communities: { brazilian: 3, latino: 3, haitian: 1, anglo: 1 },
  },
  {
    city: 'Medford',
    county: 'Middlesex',
    zipCodes: ['02155'],
    areaCodes: INNER,
    weight: 2,
    communities: { anglo: 4, haitian: 1 },
  },
  {
    city: 'Lowell',
    county: 'Middlesex',
    zipCodes: ['01850', '01851', '01852', '01854'],
    areaCodes: NORTH,
    weight: 5,
    communities: { khmer: 3, latino: 2, anglo: 3, brazilian: 1, vietnamese: 1 },
  },
  {
    city: 'Framingham',
    county: 'Middlesex',
    zipCodes: ['01701', '01702'],
    areaCodes: SOUTH,
    weight: 4,
    communities: { brazilian: 4, anglo: 3, latino: 1 },
  },
  {
    city: 'Marlborough',
    county: 'Middlesex',
    zipCodes: ['01752'],
    areaCodes: SOUTH,
    weight: 2,
    communities: { brazilian: 3, anglo: 3 },
  },
  {
    city: 'Hudson',
    county: 'Middlesex',
    zipCodes: ['01749'],
    areaCodes: NORTH,
    weight: 1,
    communities: { lusophone: 3, brazilian: 2, anglo: 2 },
  },
  {
    city: 'Waltham',
    county: 'Middlesex',
    zipCodes: ['02451', '02453'],
    areaCodes: INNER,
    weight: 2,
    communities: { anglo: 3, latino: 2 },
  },
  {
    city: 'Woburn',
    county: 'Middlesex',
    zipCodes: ['01801'],
    areaCodes: INNER,
    weight: 1,
    communities: { anglo: 4, brazilian: 1 },
  },
  // Essex
  {
    city: 'Lawrence',
    county: 'Essex',
    zipCodes: ['01840', '01841', '01843'],
    areaCodes: NORTH,
    weight: 5,
    communities: { latino: 9, anglo: 1 },
  },
  {
    city: 'Lynn',
    county: 'Essex',
    zipCodes: ['01902', '01904', '01905'],
    areaCodes: INNER,
    weight: 4,
    communities: { latino: 4, khmer: 1, anglo: 2, africanAmerican: 1 },
  },
  {
    city: 'Salem',
    county: 'Essex',
    zipCodes: ['01970'],
    areaCodes: NORTH,
    weight: 2,
    communities: { anglo: 4, latino: 2 },
  },
  {
    city: 'Peabody',
    county: 'Essex',
    zipCodes: ['01960'],
    areaCodes: NORTH,
    weight: 2,
    communities: { anglo: 4, lusophone: 1, brazilian: 1 },
  },
  {
    city: 'Haverhill',
    county: 'Essex',
    zipCodes: ['01830', '01832'],
    areaCodes: NORTH,
    weight: 2,
    communities: { anglo: 4, latino: 2 },
  },
  {
    city: 'Methuen',
    county: 'Essex',
    zipCodes: ['01844'],
    areaCodes: NORTH,
    weight: 2,
    communities: { anglo: 3, latino: 3 },
  },
  {
    city: 'Gloucester',
    county: 'Essex',
    zipCodes: ['01930'],
    areaCodes: NORTH,
    weight: 1,
    communities: { anglo: 5, lusophone: 1 },
  },
  // Bristol
  {
    city: 'Fall River',
    county: 'Bristol',
    zipCodes: ['02720', '02721', '02723', '02724'],
    areaCodes: SOUTH,
    weight: 4,
    communities: { lusophone: 6, anglo: 3, latino: 1 },
  },
  {
    city: 'New Bedford',
    county: 'Bristol',
    zipCodes: ['02740', '02744', '02745', '02746'],
    areaCodes: SOUTH,
    weight: 4,
    communities: { lusophone: 5, capeVerdean: 2, latino: 2, anglo: 2 },
  },
  {
    city: 'Taunton',
    county: 'Bristol',
    zipCodes: ['02780'],
    areaCodes: SOUTH,
    weight: 2,
    communities: { anglo: 4, lusophone: 2, capeVerdean: 1 },
  },
  {
    city: 'Attleboro',
    county: 'Bristol',
    zipCodes: ['02703'],
    areaCodes: SOUTH,
    weight: 1,
    communities: { anglo: 5, latino: 1 },
  },
  {
    city: 'North Dartmouth',
    county: 'Bristol',
    zipCodes: ['02747'],
    areaCodes: SOUTH,
    weight: 1,
    communities: { lusophone: 3, anglo: 3 },
  },
  // Plymouth
  {
    city: 'Brockton',
    county: 'Plymouth',
    zipCodes: ['02301', '02302'],
    areaCodes: SOUTH,
    weight: 4,
    communities: { capeVerdean: 4, haitian: 2, africanAmerican: 2, anglo: 2, latino: 1 },
  },
  {
    city: 'Plymouth',
    county: 'Plymouth',
    zipCodes: ['02360'],
    areaCodes: SOUTH,
    weight: 2,
    communities: { anglo: 6, brazilian: 1 },
  },
  {
    city: 'Wareham',
    county: 'Plymouth',
    zipCodes: ['02571'],
    areaCodes: SOUTH,
    weight: 1,
    communities: { anglo: 4, capeVerdean: 1 },
  },
  // Norfolk
  {
    city: 'Quincy',
    county: 'Norfolk',
    zipCodes: ['02169', '02170', '02171'],
    areaCodes: BOSTON,
    weight: 4,
    communities: { chinese: 3, vietnamese: 2, anglo: 4 },
  },
  {
    city: 'Randolph',
    county: 'Norfolk',
    zipCodes: ['02368'],
    areaCodes: INNER,
    weight: 2,
    communities: { haitian: 3, africanAmerican: 2, capeVerdean: 1, anglo: 2 },
  },
  {
    city: 'Stoughton',
    county: 'Norfolk',
    zipCodes: ['02072'],
    areaCodes: INNER,
    weight: 1,
    communities: { anglo: 3, brazilian: 1, capeVerdean: 1, haitian: 1 },
  },
  {
    city: 'Brookline',
    county: 'Norfolk',
    zipCodes: ['02445', '02446'],
    areaCodes: BOSTON,
    weight: 2,
    communities: { anglo: 5, chinese: 2 },
  },
  {
    city: 'Weymouth',
    county: 'Norfolk',
    zipCodes: ['02188', '02190', '02191'],
    areaCodes: INNER,
    weight: 2,
    communities: { anglo: 6 },
  },
  {
    city: 'Dedham',
    county: 'Norfolk',
    zipCodes: ['02026'],
    areaCodes: INNER,
    weight: 1,
    communities: { anglo: 5, latino: 1 },
  },
  // Worcester
  {
    city: 'Worcester',
    county: 'Worcester',
    zipCodes: ['01602', '01603', '01604', '01605', '01606', '01607', '01610'],
    areaCodes: SOUTH,
    weight: 6,
    communities: { anglo: 4, latino: 3, vietnamese: 1, africanAmerican: 1, brazilian: 1 },
  },
  {
    city: 'Fitchburg',
    county: 'Worcester',
    zipCodes: ['01420'],
    areaCodes: NORTH,
    weight: 2,
    communities: { anglo: 3, latino: 3 },
  },
  {
    city: 'Leominster',
    county: 'Worcester',
    zipCodes: ['01453'],
    areaCodes: NORTH,
    weight: 2,
    communities: { anglo: 4, latino: 2 },
  },
  {
    city: 'Milford',
    county: 'Worcester',
    zipCodes: ['01757'],
    areaCodes: SOUTH,
    weight: 2,
    communities: { brazilian: 3, lusophone: 1, anglo: 3 },
  },
  {
    city: 'Shrewsbury',
    county: 'Worcester',
    zipCodes: ['01545'],
    areaCodes: SOUTH,
    weight: 1,
    communities: { anglo: 5, chinese: 1 },
  },
  // Hampden, Hampshire, Franklin, Berkshire
  {
    city: 'Springfield',
    county: 'Hampden',
    zipCodes: ['01103', '01104', '01105', '01107', '01108', '01109'],
    areaCodes: ['413'],
    weight: 5,
    communities: { latino: 5, africanAmerican: 3, anglo: 3, vietnamese: 1 },
  },
  {
    city: 'Holyoke',
    county: 'Hampden',
    zipCodes: ['01040'],
    areaCodes: ['413'],
    weight: 3,
    communities: { latino: 7, anglo: 2 },
  },
  {
    city: 'Chicopee',
    county: 'Hampden',
    zipCodes: ['01013', '01020'],
    areaCodes: ['413'],
    weight: 2,
    communities: { anglo: 5, latino: 2 },
  },
  {
    city: 'West Springfield',
    county: 'Hampden',
    zipCodes: ['01089'],
    areaCodes: ['413'],
    weight: 1,
    communities: { anglo: 5, latino: 1 },
  },
  {
    city: 'Westfield',
    county: 'Hampden',
    zipCodes: ['01085'],
    areaCodes: ['413'],
    weight: 1,
    communities: { anglo: 6 },
  },
  {
    city: 'Northampton',
    county: 'Hampshire',
    zipCodes: ['01060'],
    areaCodes: ['413'],
    weight: 1,
    communities: { anglo: 6, latino: 1 },
  },
  {
    city: 'Amherst',
    county: 'Hampshire',
    zipCodes: ['01002'],
    areaCodes: ['413'],
    weight: 1,
    communities: { anglo: 5, chinese: 1 },
  },
  {
    city: 'Greenfield',
    county: 'Franklin',
    zipCodes: ['01301'],
    areaCodes: ['413'],
    weight: 1,
    communities: { anglo: 7 },
  },
  {
    city: 'Pittsfield',
    county: 'Berkshire',
    zipCodes: ['01201'],
    areaCodes: ['413'],
    weight: 2,
    communities: { anglo: 6, latino: 1 },
  },
  {
    city: 'North Adams',
    county: 'Berkshire',
    zipCodes: ['01247'],
    areaCodes: ['413'],
    weight: 1,
    communities: { anglo: 7 },
  },
  // Cape and Islands
  {
    city: 'Hyannis',
    county: 'Barnstable',
    zipCodes: ['02601'],
    areaCodes: SOUTH,
    weight: 2,
    communities: { anglo: 4, brazilian: 2 },
  },
  {
    city: 'Falmouth',
    county: 'Barnstable',
    zipCodes: ['02540'],
    areaCodes: SOUTH,
    weight: 1,
    communities: { anglo: 6, capeVerdean: 1 },
  },
  {
    city: 'Vineyard Haven',
    county: 'Dukes',
    zipCodes: ['02568'],
    areaCodes: SOUTH,
    weight: 1,
    communities: { anglo: 4, brazilian: 2 },
  },
  {
    city: 'Nantucket',
    county: 'Nantucket',
    zipCodes: ['02554'],
    areaCodes: SOUTH,
    weight: 1,
    communities: { anglo: 5, latino: 1 },
  },
];

/** The place named `city`; throws for a city that is not in the list (a typo in a fixture). */
export function placeNamed(city: string): Place {
  const place = PLACES.find((candidate) => candidate.city === city);
  if (!place) throw new RangeError(`No demo place named ${city}`);
  return place;
}

/** Street names found in most Massachusetts cities and towns. */
export const STREETS: readonly string[] = [
  'Main St',
  'Washington St',
  'Elm St',
  'Pleasant St',
  'Union St',
  'Highland Ave',
  'Summer St',
  'School St',
  'Maple St',
  'Chestnut St',
  'Prospect St',
  'Park St',
  'Central St',
  'Water St',
  'Broadway',
  'Cedar St',
  'Spring St',
  'Pine St',
  'Oak St',
  'Church St',
  'Bridge St',
  'Franklin St',
  'Adams St',
  'Lincoln St',
  'Walnut St',
  'Green St',
  'Mill St',
  'Cottage St',
  'Winter St',
  'Forest St',
  'Hancock St',
  'Warren St',
  'Granite St',
  'Myrtle St',
  'Willow Ave',
  'Grove St',
  'Bay State Rd',
  'Revere St',
  'Salem St',
  'Commercial St',
];

/** Second address lines: triple-decker floors, apartments and units. */
export const UNITS: readonly string[] = [
  'Apt 1',
  'Apt 2',
  'Apt 3',
  'Apt 2B',
  'Unit 4',
  'Unit 12',
  '2nd Fl',
  '3rd Fl',
  'Apt 305',
];

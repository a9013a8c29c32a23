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

// city | county | weight | telephone area codes | ZIP codes | communities (code=weight): AN English-speaking
// (Irish, Italian, Yankee, French-Canadian …), AA African American, LA Latino, PT Portuguese and Azorean,
// BR Brazilian, CV Cape Verdean, VN Vietnamese, ZH Chinese, HT Haitian, KH Khmer.
const PLACE_TABLE = `
Boston            | Suffolk    | 5 | 617 857 | 02108 02115 02116 02118 | AN=5 ZH=2 AA=2 LA=2
Dorchester        | Suffolk    | 5 | 617 857 | 02122 02125 | AN=3 VN=3 CV=2 HT=2 AA=3 LA=1
Dorchester Center | Suffolk    | 3 | 617 857 | 02124 | HT=3 AA=3 CV=2 LA=1
Roxbury           | Suffolk    | 3 | 617 857 | 02119 | AA=4 LA=3 CV=2
Mattapan          | Suffolk    | 2 | 617 857 | 02126 | HT=5 AA=3
Hyde Park         | Suffolk    | 2 | 617 857 | 02136 | HT=3 AA=2 AN=2 LA=2
Jamaica Plain     | Suffolk    | 2 | 617 857 | 02130 | AN=3 LA=3
East Boston       | Suffolk    | 3 | 617 857 | 02128 | LA=6 AN=2 BR=1
Roslindale        | Suffolk    | 2 | 617 857 | 02131 | AN=3 LA=2 HT=1
Brighton          | Suffolk    | 2 | 617 857 | 02135 | AN=4 ZH=1 BR=1
Chelsea           | Suffolk    | 3 | 617 857 | 02150 | LA=7 AN=1
Revere            | Suffolk    | 3 | 781 339 | 02151 | LA=3 AN=3 BR=1
Cambridge         | Middlesex  | 4 | 617 857 | 02138 02139 02140 02141 | AN=4 PT=1 HT=1 ZH=1 AA=1
Somerville        | Middlesex  | 3 | 617 857 | 02143 02144 02145 | AN=3 BR=2 PT=1 LA=1 HT=1
Malden            | Middlesex  | 3 | 781 339 | 02148 | ZH=3 AN=2 HT=1 BR=1
Everett           | Middlesex  | 3 | 617 857 | 02149 | BR=3 LA=3 HT=1 AN=1
Medford           | Middlesex  | 2 | 781 339 | 02155 | AN=4 HT=1
Lowell            | Middlesex  | 5 | 978 351 | 01850 01851 01852 01854 | KH=3 LA=2 AN=3 BR=1 VN=1
Framingham        | Middlesex  | 4 | 508 774 | 01701 01702 | BR=4 AN=3 LA=1
Marlborough       | Middlesex  | 2 | 508 774 | 01752 | BR=3 AN=3
Hudson            | Middlesex  | 1 | 978 351 | 01749 | PT=3 BR=2 AN=2
Waltham           | Middlesex  | 2 | 781 339 | 02451 02453 | AN=3 LA=2
Woburn            | Middlesex  | 1 | 781 339 | 01801 | AN=4 BR=1
Lawrence          | Essex      | 5 | 978 351 | 01840 01841 01843 | LA=9 AN=1
Lynn              | Essex      | 4 | 781 339 | 01902 01904 01905 | LA=4 KH=1 AN=2 AA=1
Salem             | Essex      | 2 | 978 351 | 01970 | AN=4 LA=2
Peabody           | Essex      | 2 | 978 351 | 01960 | AN=4 PT=1 BR=1
Haverhill         | Essex      | 2 | 978 351 | 01830 01832 | AN=4 LA=2
Methuen           | Essex      | 2 | 978 351 | 01844 | AN=3 LA=3
Gloucester        | Essex      | 1 | 978 351 | 01930 | AN=5 PT=1
Fall River        | Bristol    | 4 | 508 774 | 02720 02721 02723 02724 | PT=6 AN=3 LA=1
New Bedford       | Bristol    | 4 | 508 774 | 02740 02744 02745 02746 | PT=5 CV=2 LA=2 AN=2
Taunton           | Bristol    | 2 | 508 774 | 02780 | AN=4 PT=2 CV=1
Attleboro         | Bristol    | 1 | 508 774 | 02703 | AN=5 LA=1
North Dartmouth   | Bristol    | 1 | 508 774 | 02747 | PT=3 AN=3
Brockton          | Plymouth   | 4 | 508 774 | 02301 02302 | CV=4 HT=2 AA=2 AN=2 LA=1
Plymouth          | Plymouth   | 2 | 508 774 | 02360 | AN=6 BR=1
Wareham           | Plymouth   | 1 | 508 774 | 02571 | AN=4 CV=1
Quincy            | Norfolk    | 4 | 617 857 | 02169 02170 02171 | ZH=3 VN=2 AN=4
Randolph          | Norfolk    | 2 | 781 339 | 02368 | HT=3 AA=2 CV=1 AN=2
Stoughton         | Norfolk    | 1 | 781 339 | 02072 | AN=3 BR=1 CV=1 HT=1
Brookline         | Norfolk    | 2 | 617 857 | 02445 02446 | AN=5 ZH=2
Weymouth          | Norfolk    | 2 | 781 339 | 02188 02190 02191 | AN=6
Dedham            | Norfolk    | 1 | 781 339 | 02026 | AN=5 LA=1
Worcester         | Worcester  | 6 | 508 774 | 01602 01603 01604 01605 01606 01607 01610 | AN=4 LA=3 VN=1 AA=1 BR=1
Fitchburg         | Worcester  | 2 | 978 351 | 01420 | AN=3 LA=3
Leominster        | Worcester  | 2 | 978 351 | 01453 | AN=4 LA=2
Milford           | Worcester  | 2 | 508 774 | 01757 | BR=3 PT=1 AN=3
Shrewsbury        | Worcester  | 1 | 508 774 | 01545 | AN=5 ZH=1
Springfield       | Hampden    | 5 | 413 | 01103 01104 01105 01107 01108 01109 | LA=5 AA=3 AN=3 VN=1
Holyoke           | Hampden    | 3 | 413 | 01040 | LA=7 AN=2
Chicopee          | Hampden    | 2 | 413 | 01013 01020 | AN=5 LA=2
West Springfield  | Hampden    | 1 | 413 | 01089 | AN=5 LA=1
Westfield         | Hampden    | 1 | 413 | 01085 | AN=6
Northampton       | Hampshire  | 1 | 413 | 01060 | AN=6 LA=1
Amherst           | Hampshire  | 1 | 413 | 01002 | AN=5 ZH=1
Greenfield        | Franklin   | 1 | 413 | 01301 | AN=7
Pittsfield        | Berkshire  | 2 | 413 | 01201 | AN=6 LA=1
North Adams       | Berkshire  | 1 | 413 | 01247 | AN=7
Hyannis           | Barnstable | 2 | 508 774 | 02601 | AN=4 BR=2
Falmouth          | Barnstable | 1 | 508 774 | 02540 | AN=6 CV=1
Vineyard Haven    | Dukes      | 1 | 508 774 | 02568 | AN=4 BR=2
Nantucket         | Nantucket  | 1 | 508 774 | 02554 | AN=5 LA=1
`;

const COMMUNITY_CODES: Partial<Record<string, Community>> = {
  AN: 'anglo',
  AA: 'africanAmerican',
  LA: 'latino',
  PT: 'lusophone',
  BR: 'brazilian',
  CV: 'capeVerdean',
  VN: 'vietnamese',
  ZH: 'chinese',
  HT: 'haitian',
  KH: 'khmer',
};

/** Parses the table above; a misspelt county or community fails at start, not later. */
function parsePlaces(table: string): Place[] {
  return table
    .trim()
    .split('\n')
    .map((line) => {
      const [city = '', county = '', weight = '', areaCodes = '', zips = '', communities = ''] = line
        .split('|')
        .map((cell) => cell.trim());
      if (!(county in COUNTIES)) throw new Error(`Unknown county ${county} for ${city}`);
      const mix: Partial<Record<Community, number>> = {};
      for (const entry of communities.split(' ')) {
        const [code = '', share = ''] = entry.split('=');
        const community = COMMUNITY_CODES[code];
        if (!community) throw new Error(`Unknown community ${code} for ${city}`);
        mix[community] = Number(share);
      }
      return {
        city,
        county: county as CountyName,
        zipCodes: zips.split(' '),
        areaCodes: areaCodes.split(' '),
        weight: Number(weight),
        communities: mix,
      };
    });
}

export const PLACES: readonly Place[] = parsePlaces(PLACE_TABLE);

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

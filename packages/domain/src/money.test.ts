import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountCents,
  centsToDollars,
  dollarsToCents,
  formatMoney,
  isCents,
  parseWireAmount,
  percentOf,
  sumCents,
  toWireAmount,
} from './money';

const safeCents = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

describe('isCents', () => {
  it('accepts safe integers only', () => {
    expect(isCents(1234)).toBe(true);
    expect(isCents(-5)).toBe(true);
    expect(isCents(12.5)).toBe(false);
    expect(isCents(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isCents('12')).toBe(false);
    expect(isCents(Number.NaN)).toBe(false);
  });
});

describe('toWireAmount', () => {
  it('always writes two decimals', () => {
    expect(toWireAmount(1234)).toBe('12.34');
    expect(toWireAmount(100)).toBe('1.00');
    expect(toWireAmount(5)).toBe('0.05');
    expect(toWireAmount(0)).toBe('0.00');
    expect(toWireAmount(-5)).toBe('-0.05');
    expect(toWireAmount(-123_456)).toBe('-1234.56');
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => toWireAmount(12.5)).toThrow(RangeError);
    expect(() => toWireAmount(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('parseWireAmount', () => {
  it('reads up to two decimals', () => {
    expect(parseWireAmount('12.34')).toBe(1234);
    expect(parseWireAmount('12.3')).toBe(1230);
    expect(parseWireAmount('12')).toBe(1200);
    expect(parseWireAmount('-0.05')).toBe(-5);
    expect(parseWireAmount('-0.00')).toBe(0);
    expect(Object.is(parseWireAmount('-0'), 0)).toBe(true);
  });

  it('refuses anything it would have to round or guess', () => {
    for (const text of ['1.234', '1e3', ' 1.00', '', '.5', '1.', '1,000.00', '$1.00', '--1']) {
      expect(() => parseWireAmount(text), text).toThrow(RangeError);
    }
    expect(() => parseWireAmount('100000000000000000')).toThrow(RangeError);
  });
});

describe('two-decimal round trip', () => {
  it('gives back the same cents for any safe amount', () => {
    fc.assert(
      fc.property(safeCents, (cents) => {
        const wire = toWireAmount(cents);
        expect(wire).toMatch(/^-?\d+\.\d{2}$/);
        expect(parseWireAmount(wire)).toBe(cents);
      }),
    );
  });

  it('normalises any valid wire text to two decimals without changing its value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 99 }), (whole, fraction) => {
        const text =
          fraction % 10 === 0 ? `${whole}.${fraction / 10}` : `${whole}.${String(fraction).padStart(2, '0')}`;
        expect(toWireAmount(parseWireAmount(text))).toBe(`${whole}.${String(fraction).padStart(2, '0')}`);
      }),
    );
  });
});

describe('dollarsToCents / centsToDollars', () => {
  it('rounds half away from zero on the written decimal value', () => {
    expect(dollarsToCents(1)).toBe(100);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(-1.005)).toBe(-101);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.994)).toBe(1999);
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
  });

  it('refuses non-finite dollars', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
  });

  it('converts cents back to dollars for display', () => {
    expect(centsToDollars(1234)).toBe(12.34);
    expect(() => centsToDollars(0.5)).toThrow(RangeError);
  });
});

describe('sumCents / percentOf', () => {
  it('sums exactly, 0 for no amounts', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([10, 20, -5])).toBe(25);
    expect(() => sumCents([10, 0.1])).toThrow(RangeError);
  });

  it('takes a percentage rounded half up to whole cents', () => {
    expect(percentOf(10_001, 50)).toBe(5001);
    expect(percentOf(45_000, 12.5)).toBe(5625);
    expect(percentOf(45_000, 0)).toBe(0);
    expect(() => percentOf(45_000, Number.NaN)).toThrow(RangeError);
    expect(() => percentOf(0.5, 10)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats US dollars for the given locale', () => {
    expect(formatMoney(123_456, 'en-US')).toBe('$1,234.56');
    expect(formatMoney(-500, 'en-US')).toBe('-$5.00');
    expect(formatMoney(123_456, 'pt-BR')).toContain('1.234,56');
  });
});

describe('amountCents', () => {
  it('reads an amount as a member types it, a trailing decimal point included', () => {
    expect(amountCents('125.50')).toBe(12_550);
    expect(amountCents('125.')).toBe(12_500);
    expect(amountCents('0.5')).toBe(50);
    expect(amountCents('7')).toBe(700);
  });
});

import { describe, expect, it } from 'vitest';
import { isMobileLayout, isNarrowLayout, paginatorRange } from './constants';

describe('layout breakpoints', () => {
  it('is mobile strictly below 959 px and narrow strictly below 599 px', () => {
    expect(isMobileLayout(958)).toBe(true);
    expect(isMobileLayout(959)).toBe(false);
    expect(isNarrowLayout(598)).toBe(true);
    expect(isNarrowLayout(599)).toBe(false);
  });
});

describe('paginatorRange', () => {
  it('gives the "x - y of z" numbers of a page', () => {
    expect(paginatorRange(0, 10, 25)).toEqual({ from: 1, to: 10, total: 25 });
    expect(paginatorRange(2, 10, 25)).toEqual({ from: 21, to: 25, total: 25 });
  });

  it('shows nothing for an empty list, a page past the end or no page size', () => {
    expect(paginatorRange(0, 10, 0)).toEqual({ from: 0, to: 0, total: 0 });
    expect(paginatorRange(3, 10, 25)).toEqual({ from: 0, to: 0, total: 25 });
    expect(paginatorRange(0, 0, 25)).toEqual({ from: 0, to: 0, total: 25 });
    expect(paginatorRange(0, 10, -1)).toEqual({ from: 0, to: 0, total: 0 });
  });
});

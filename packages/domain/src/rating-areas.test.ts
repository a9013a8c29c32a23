import { describe, expect, it } from 'vitest';
import { ratingAreaOf, residentialMove } from './rating-areas';

describe('Massachusetts rating areas (CMS; 211 CMR 66.07)', () => {
  it('puts each 3-digit prefix in its area', () => {
    expect(ratingAreaOf('MA', '01103')).toEqual({ state: 'MA', area: 1 }); // Springfield
    expect(ratingAreaOf('MA', '01604')).toEqual({ state: 'MA', area: 2 }); // Worcester
    expect(ratingAreaOf('MA', '01702')).toEqual({ state: 'MA', area: 3 }); // Framingham
    expect(ratingAreaOf('MA', '02072')).toEqual({ state: 'MA', area: 3 }); // Stoughton (020)
    expect(ratingAreaOf('MA', '01841')).toEqual({ state: 'MA', area: 4 }); // Lawrence
    expect(ratingAreaOf('MA', '01970')).toEqual({ state: 'MA', area: 4 }); // Salem (019)
    expect(ratingAreaOf('MA', '02139')).toEqual({ state: 'MA', area: 5 }); // Cambridge
    expect(ratingAreaOf('MA', '02446')).toEqual({ state: 'MA', area: 5 }); // Brookline (024)
    expect(ratingAreaOf('MA', '02301')).toEqual({ state: 'MA', area: 6 }); // Brockton
    expect(ratingAreaOf('MA', '02721')).toEqual({ state: 'MA', area: 6 }); // Fall River (027)
    expect(ratingAreaOf('MA', '02601')).toEqual({ state: 'MA', area: 7 }); // Hyannis
    expect(ratingAreaOf('ma ', '02554')).toEqual({ state: 'MA', area: 7 }); // Nantucket (026)
  });

  it('knows no area for a prefix or a state it has no definition of, nor for a malformed ZIP', () => {
    expect(ratingAreaOf('MA', '05501')).toBeNull();
    expect(ratingAreaOf('NH', '03101')).toBeNull();
    expect(ratingAreaOf('MA', '0213')).toBeNull();
  });

  it('calls a move within one area the same rating area, anything else a new one', () => {
    expect(residentialMove({ state: 'MA', zipCode: '02139' }, { state: 'MA', zipCode: '02446' })).toBe(
      'residential-address-same-rating-area',
    );
    expect(residentialMove({ state: 'MA', zipCode: '01841' }, { state: 'MA', zipCode: '02139' })).toBe(
      'residential-address-new-rating-area',
    );
    expect(residentialMove({ state: 'MA', zipCode: '02139' }, { state: 'NH', zipCode: '03101' })).toBe(
      'residential-address-new-rating-area',
    );
    expect(residentialMove(null, { state: 'MA', zipCode: '02139' })).toBe(
      'residential-address-new-rating-area',
    );
  });
});

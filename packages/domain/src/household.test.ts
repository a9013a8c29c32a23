import { describe, expect, it } from 'vitest';
import { pickHousehold } from './household';

describe('pickHousehold', () => {
  it('uses the one household found', () => {
    expect(pickHousehold([{ id: 'H1' }])).toEqual({ household: { id: 'H1' }, issue: null });
  });

  it('uses the first of several and reports it', () => {
    expect(pickHousehold([{ id: 'H1' }, { id: 'H2' }])).toEqual({
      household: { id: 'H1' },
      issue: 'several',
    });
  });

  it('reports none', () => {
    expect(pickHousehold([])).toEqual({ household: null, issue: 'none' });
  });
});

import { describe, expect, it } from 'vitest';
import { Random } from './random';

describe('Random', () => {
  it('repeats a stream for the same name and differs for another', () => {
    const draw = (random: Random): number[] => Array.from({ length: 8 }, () => random.next());
    expect(draw(Random.from('seed', 'household', 1))).toEqual(draw(Random.from('seed', 'household', 1)));
    expect(draw(Random.from('seed', 'household', 1))).not.toEqual(draw(Random.from('seed', 'household', 2)));
    expect(draw(Random.from('seed', 'household', 1))).not.toEqual(draw(Random.from('other', 'household', 1)));
  });

  it('forks streams that do not move their parent', () => {
    const parent = Random.from('seed');
    const untouched = Random.from('seed');
    const child = parent.fork('child');
    child.next();
    expect(parent.next()).toBe(untouched.next());
    expect(Random.from('seed').fork('child').next()).toBe(Random.from('seed').fork('child').next());
  });

  it('keeps integers, floats and choices within their bounds', () => {
    const random = Random.from('bounds');
    for (let i = 0; i < 10_000; i++) {
      const value = random.int(-3, 3);
      expect(value).toBeGreaterThanOrEqual(-3);
      expect(value).toBeLessThanOrEqual(3);
      const float = random.float();
      expect(float).toBeGreaterThanOrEqual(0);
      expect(float).toBeLessThan(1);
      expect(random.normal(50, 30, 10, 90)).toBeGreaterThanOrEqual(10);
    }
    expect(() => random.int(2, 1)).toThrow(RangeError);
    expect(() => random.pick([])).toThrow(RangeError);
    expect(() => random.weighted([['a', 0]])).toThrow(RangeError);
  });

  it('draws weighted choices roughly in proportion', () => {
    const random = Random.from('weights');
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 20_000; i++)
      counts[
        random.weighted([
          ['a', 3],
          ['b', 1],
        ] as const)
      ]++;
    expect(counts.a / counts.b).toBeGreaterThan(2.7);
    expect(counts.a / counts.b).toBeLessThan(3.3);
  });

  it('makes unique version-4 UUIDs', () => {
    const random = Random.from('uuids');
    const seen = new Set<string>();
    for (let i = 0; i < 200_000; i++) seen.add(random.uuid());
    expect(seen.size).toBe(200_000);
    for (const id of [...seen].slice(0, 100))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('makes time-ordered version-7 UUIDs once given a clock, still unique', () => {
    const early = Random.from('v7').orderIdsAt(Date.UTC(2020, 0, 1) + 1_000);
    const late = Random.from('v7').orderIdsAt(Date.UTC(2020, 0, 1) + 2_000);
    const ids = Array.from({ length: 1_000 }, () => early.uuid());
    expect(new Set(ids).size).toBe(1_000);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]!.slice(0, 13)).toBe('016f5e66-ebe8');
    expect(late.uuid() > ids.reduce((max, id) => (id > max ? id : max))).toBe(true);
  });

  it('makes tokens that never hold a run of four digits', () => {
    const random = Random.from('tokens');
    for (let i = 0; i < 5_000; i++) {
      const token = random.token(24);
      expect(token).toMatch(/^[a-z2-9]{24}$/);
      expect(token).not.toMatch(/[0-9]{4}/);
    }
  });
});

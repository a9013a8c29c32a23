import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deepMerge, deepMergeAll } from './config-merge';

describe('deepMerge', () => {
  const base = {
    entries: {
      faq: { route: '/admin/faq', label: 'nav.faq', order: 120 },
      wallet: { route: '/payments/wallet', order: 5 },
    },
    scenarios: { GuestPayment: ['faq'], GuestPaymentPages: ['makePayment', 'faq'] },
    limits: { max: 100 },
  };

  it('merges objects key by key and replaces arrays whole', () => {
    const merged = deepMerge(base, {
      entries: { faq: { order: 15 } },
      scenarios: { GuestPayment: ['faq', 'contact'] },
    });
    expect(merged).toEqual({
      entries: {
        faq: { route: '/admin/faq', label: 'nav.faq', order: 15 },
        wallet: { route: '/payments/wallet', order: 5 },
      },
      scenarios: { GuestPayment: ['faq', 'contact'], GuestPaymentPages: ['makePayment', 'faq'] },
      limits: { max: 100 },
    });
  });

  it('adds new keys, lets null replace and undefined keep', () => {
    const merged = deepMerge<Record<string, unknown>>(
      { a: 1, b: { c: 2 }, d: 'keep' },
      { b: null, d: undefined, e: { f: [1] } },
    );
    expect(merged).toEqual({ a: 1, b: null, d: 'keep', e: { f: [1] } });
  });

  it('replaces a scalar with an object and keeps the base without an override', () => {
    expect(deepMerge<unknown>({ a: 1 }, { a: { b: 2 } })).toEqual({ a: { b: 2 } });
    expect(deepMerge(base, undefined)).toBe(base);
    expect(deepMerge<unknown>(5, { x: 1 })).toEqual({ x: 1 });
  });

  it('changes neither input', () => {
    const override = { entries: { faq: { order: 1 } } };
    deepMerge(base, override);
    expect(base.entries.faq.order).toBe(120);
    expect(override).toEqual({ entries: { faq: { order: 1 } } });
  });

  it('ignores prototype-polluting keys from JSON', () => {
    const hostile = JSON.parse(
      '{"__proto__": {"polluted": true}, "constructor": {"x": 1}, "ok": 1}',
    ) as unknown;
    const merged = deepMerge<unknown>({}, hostile) as Record<string, unknown>;
    expect(merged).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });

  it('merges objects created without a prototype', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    expect(deepMerge<unknown>({ b: 2 }, bare)).toEqual({ a: 1, b: 2 });
  });
});

describe('deepMergeAll', () => {
  // Trees of a few overlapping keys, so that merges meet objects, arrays and scalars at the same place.
  const { tree } = fc.letrec((build) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string({ maxLength: 3 }),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 2 }),
      build('tree'),
    ),
    tree: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), build('value'), { maxKeys: 4 }),
  }));
  const trees = fc.array(tree, { maxLength: 6 });

  it('gives what deepMerge over each tree in turn gives', () => {
    fc.assert(
      fc.property(trees, (inputs) => {
        expect(deepMergeAll(inputs)).toEqual(
          inputs.reduce<Record<string, unknown>>((merged, next) => deepMerge(merged, next), {}),
        );
      }),
    );
  });

  it('changes none of its inputs, now or through the result later', () => {
    fc.assert(
      fc.property(trees, (inputs) => {
        const before = JSON.parse(JSON.stringify(inputs)) as unknown;
        const merged = deepMergeAll(inputs);
        expect(inputs).toEqual(before);
        const scribble = (node: Record<string, unknown>) => {
          for (const [key, value] of Object.entries(node)) {
            if (value !== null && typeof value === 'object' && !Array.isArray(value))
              scribble(value as Record<string, unknown>);
            else node[key] = 'changed';
          }
        };
        scribble(merged);
        expect(inputs).toEqual(before);
      }),
    );
  });

  it('ignores keys that would reach Object.prototype', () => {
    const merged = deepMergeAll([
      JSON.parse('{"__proto__": {"polluted": true}, "a": {"constructor": 1, "b": 2}}') as Record<
        string,
        unknown
      >,
    ]);
    expect(merged).toEqual({ a: { b: 2 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

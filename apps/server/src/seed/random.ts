/**
 * A small, fast, seeded pseudo-random generator for the demo data (never for anything secret).
 *
 * The generator is sfc32 (Chris Doty-Humphrey's "small fast chaotic" generator, 128 bits of state).
 * A 32-bit-state generator would not do: every household gets its own stream derived from
 * (seed, household number), and with 100,000 households two 32-bit seeds would very likely
 * coincide and repeat each other's ids. Deriving streams from names instead of drawing them in
 * order keeps the output identical however the work is split into batches.
 */

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function h(word: number, shift: number): string {
  return HEX[(word >>> shift) & 0xff] ?? '00';
}

/** Four independent 32-bit hashes of `key` (FNV-1a per lane, then the MurmurHash3 finaliser). */
function hashKey(key: string): [number, number, number, number] {
  const lanes: [number, number, number, number] = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b];
  for (let lane = 0; lane < 4; lane++) {
    let h = (lanes[lane] ?? 0) ^ Math.imul(lane + 1, 0x27d4eb2d);
    for (let i = 0; i < key.length; i++) {
      h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    lanes[lane] = h >>> 0;
  }
  return lanes;
}

export type Weighted<T> = readonly (readonly [T, number])[];

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** Milliseconds for version-7 UUIDs (see {@link orderIdsAt}); null for version 4. */
  private idClock: number | null = null;

  private constructor(private readonly key: string) {
    [this.a, this.b, this.c, this.d] = hashKey(key);
    // The first outputs of a freshly seeded sfc32 are still correlated with the seed: discard them.
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A stream named by `parts`, e.g. `Random.from('seed-42', 'household', 17)`. */
  static from(...parts: readonly (string | number)[]): Random {
    return new Random(parts.join('\u001f'));
  }

  /** An independent stream derived from this one's name (drawing from it does not move this one). */
  fork(...parts: readonly (string | number)[]): Random {
    return Random.from(this.key, ...parts);
  }

  /** The next unsigned 32-bit value. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 4_294_967_296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`Random.int needs integers min <= max, got ${min} and ${max}`);
    }
    return min + Math.floor(this.float() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Random.pick needs a non-empty list');
    return items[Math.floor(this.float() * items.length)] as T;
  }

  /** One value, chosen with probability proportional to its weight. */
  weighted<T>(entries: Weighted<T>): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    if (!(total > 0)) throw new RangeError('Random.weighted needs a positive total weight');
    let roll = this.float() * total;
    let chosen = entries[0]?.[0] as T;
    for (const [value, weight] of entries) {
      chosen = value;
      roll -= weight;
      if (roll < 0) break;
    }
    return chosen;
  }

  /** A normally distributed value (Box-Muller), clamped to [min, max]. */
  normal(mean: number, deviation: number, min: number, max: number): number {
    const u = 1 - this.float();
    const v = this.float();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return Math.min(max, Math.max(min, mean + z * deviation));
  }

  /** `count` decimal digits as text (leading zeros kept). */
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.next() % 10);
    return out;
  }

  /**
   * Lower-case letters and digits, with a letter at least every fourth character: random ids then
   * never contain a long run of digits that could be mistaken for a card or account number.
   */
  token(length: number): string {
    const letters = 'abcdefghijkmnpqrstuvwxyz';
    const alphabet = `${letters}23456789`;
    let out = '';
    for (let i = 0; i < length; i++) {
      const from = i % 4 === 3 ? letters : alphabet;
      out += from.charAt(this.next() % from.length);
    }
    return out;
  }

  /**
   * Makes {@link uuid} give version-7 UUIDs (RFC 9562) whose time field is `milliseconds`. Ids made
   * in that order then land at the right edge of PostgreSQL's B-tree indexes instead of on random
   * pages, which keeps a 100,000-household seed fast once the indexes outgrow the buffer cache.
   */
  orderIdsAt(milliseconds: number): this {
    this.idClock = milliseconds;
    return this;
  }

  /** A UUID from this stream: version 4 (122 random bits), or version 7 after {@link orderIdsAt} (74). */
  uuid(): string {
    let w0: number;
    let w1: number;
    if (this.idClock === null) {
      w0 = this.next();
      w1 = (this.next() & 0xffff0fff) | 0x00004000; // version 4
    } else {
      w0 = Math.floor(this.idClock / 0x10000) >>> 0; // the top 32 of 48 time bits
      w1 = ((this.idClock % 0x10000) << 16) | 0x7000 | (this.next() & 0x0fff); // the rest, version 7
    }
    const w2 = (this.next() & 0x3fffffff) | 0x80000000; // RFC 9562 variant
    const w3 = this.next();
    return (
      h(w0, 24) +
      h(w0, 16) +
      h(w0, 8) +
      h(w0, 0) +
      '-' +
      h(w1, 24) +
      h(w1, 16) +
      '-' +
      h(w1, 8) +
      h(w1, 0) +
      '-' +
      h(w2, 24) +
      h(w2, 16) +
      '-' +
      h(w2, 8) +
      h(w2, 0) +
      h(w3, 24) +
      h(w3, 16) +
      h(w3, 8) +
      h(w3, 0)
    );
  }
}

/**
 * Merging tenant configuration over the product baseline (SPEC §7: baseline versions of account,
 * role-config, navigation and membership; translations are deep-merged).
 */

/** SPEC §7: a partial override of `T`: objects partially, arrays and scalars whole. */
export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

// Keys that would reach Object.prototype through plain assignment: never copied.
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * SPEC §7: `override` deep-merged over `base`. Plain objects merge key by key, recursively; an
 * array, a scalar or `null` in the override replaces the base value; `undefined` keeps it. Neither
 * input is changed. Keys `__proto__`, `constructor` and `prototype` are ignored (they arrive from
 * untrusted JSON and would otherwise pollute prototypes).
 */
export function deepMerge<T>(base: T, override: DeepPartial<T> | undefined): T {
  return mergeValues(base, override) as T;
}

function mergeValues(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (!isPlainObject(override)) return override;
  const result: Record<string, unknown> = {};
  const baseObject = isPlainObject(base) ? base : {};
  for (const key of new Set([...Object.keys(baseObject), ...Object.keys(override)])) {
    if (UNSAFE_KEYS.has(key)) continue;
    result[key] = mergeValues(baseObject[key], override[key]);
  }
  return result;
}

/**
 * The trees deep-merged in order, the later ones winning: what `deepMerge` over each in turn gives,
 * built in one pass. Merging twenty language files one after another copies the growing result twenty
 * times; this copies each input once. Neither input is changed; the result shares no object with them.
 */
export function deepMergeAll(trees: readonly Record<string, unknown>[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const tree of trees) mergeInto(result, tree);
  return result;
}

/** Every plain object reachable from `target` was created here, so it may be changed in place. */
function mergeInto(target: Record<string, unknown>, override: Record<string, unknown>): void {
  for (const key of Object.keys(override)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const value = override[key];
    if (value === undefined) continue;
    if (!isPlainObject(value)) {
      target[key] = value;
      continue;
    }
    const current = target[key];
    const into = isPlainObject(current) ? current : {};
    mergeInto(into, value);
    target[key] = into;
  }
}

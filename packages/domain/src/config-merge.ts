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

type Fields = Record<string, unknown>;

/** Left out of an object by `JSON.stringify`, written as null in an array. */
const omitted = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** Plain data: what `JSON.stringify` writes field by field, with no `toJSON` of its own. */
function plain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && typeof (value as Fields).toJSON !== 'function';
}

/** An object JSON writes otherwise than field by field (a date, a boxed number, a `toJSON`). */
const written = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !plain(value);

/** Two values neither of which is omitted: numbers JSON cannot write are written as null. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const x = typeof a === 'number' && !Number.isFinite(a) ? null : a;
  const y = typeof b === 'number' && !Number.isFinite(b) ? null : b;
  if (x === y) return true;
  if (written(x) || written(y)) return JSON.stringify(x) === JSON.stringify(y);
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x) && Array.isArray(y)) {
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) {
      const u = x[i];
      const v = y[i];
      if (!sameValue(omitted(u) ? null : u, omitted(v) ? null : v)) return false;
    }
    return true;
  }
  return !Array.isArray(x) && !Array.isArray(y) && sameFields(x as Fields, y as Fields, []);
}

/** Fields in key order, those `JSON.stringify` leaves out skipped, and the `skip` keys too. */
function sameFields(a: Fields, b: Fields, skip: readonly string[]): boolean {
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < aKeys.length && (omitted(a[aKeys[i]]) || skip.includes(aKeys[i]))) i++;
    while (j < bKeys.length && (omitted(b[bKeys[j]]) || skip.includes(bKeys[j]))) j++;
    if (i === aKeys.length || j === bKeys.length) return i === aKeys.length && j === bKeys.length;
    if (aKeys[i] !== bKeys[j] || !sameValue(a[aKeys[i]], b[bKeys[j]])) return false;
    i++;
    j++;
  }
}

/**
 * Whether `JSON.stringify(a) === JSON.stringify(b)`, found without writing either: for two
 * objects, leaving out their top-level `skip` fields. Values that are not plain data (dates,
 * anything with a `toJSON`) are compared by writing them.
 */
export function sameJson(a: unknown, b: unknown, skip: readonly string[] = []): boolean {
  if (omitted(a) || omitted(b)) return omitted(a) && omitted(b);
  if (skip.length && typeof a === 'object' && typeof b === 'object' && a && b && plain(a) && plain(b))
    return sameFields(a as Fields, b as Fields, skip);
  return sameValue(a, b);
}

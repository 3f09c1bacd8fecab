/** Whether a path answers in snake_case and needs converting (CONTRACT: pallet paths). */
export const isPalletPath = (path: string): boolean => /^\/api\/pallets(?:[/?]|$)/.test(path);

/**
 * The names already turned, since answers repeat a few dozen names thousands of times (a snapshot
 * page of 1,000 pallets spent most of its reading turning them one by one). Bounded, so an answer
 * with names of its own (a map keyed by ids) cannot grow it without end.
 */
const turned = new Map<string, string>();
const turnedAtMost = 1_000;

/** A snake_case name in camelCase (pallet_id → palletId); other names as they are. */
export function camelName(key: string): string {
  let name = turned.get(key);
  if (name !== undefined) return name;
  name = key.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  if (turned.size < turnedAtMost) turned.set(key, name);
  return name;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Deep copy of `value` with every object key turned from snake_case to camelCase (SPEC 7). */
export function snakeToCamel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeToCamel);
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[camelName(key)] = snakeToCamel(value[key]);
  return copy;
}

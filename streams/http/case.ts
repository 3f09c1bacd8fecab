/** Whether a path answers in snake_case and needs converting (CONTRACT: pallet paths). */
export const isPalletPath = (path: string): boolean => /^\/api\/pallets(?:[/?]|$)/.test(path);

const camel = (key: string): string => key.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Deep copy of `value` with every object key turned from snake_case to camelCase (SPEC 7). */
export function snakeToCamel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeToCamel);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) {
    return value;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [camel(key), snakeToCamel(item)]));
}

import { restrictionFlag } from '../permissions/rules';

/** The restriction keys SPEC 3 names, as the server stores them, each with the flag it becomes. */
const keys = [
  'restrict_admin_tab',
  'mobile.kleinpak_console',
  'mobile.logistics_console',
  'mobile.sorting_console',
  'mobile.storage_map',
] as const;

/**
 * The restriction columns of the matrix: SPEC 3's keys, then any other key a user already has
 * (kept, so saving one change never drops a key the screen did not know), each with its flag.
 */
export function restrictionChoices(held: readonly string[] = []): { key: string; flag: string }[] {
  const all = [
    ...keys,
    ...[...new Set(held)].filter((key) => !(keys as readonly string[]).includes(key)).sort(),
  ];
  return all.map((key) => ({ key, flag: restrictionFlag(key) }));
}

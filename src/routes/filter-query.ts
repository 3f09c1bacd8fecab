import { type DashboardFilters, defaultFilters, type PalletSort } from '../../streams/live';

const keys = Object.keys(defaultFilters) as (keyof DashboardFilters)[];

/** The dashboard filters a URL query names (SPEC 3's names); the defaults for the rest. */
export function filtersOf(search: string): DashboardFilters {
  const query = new URLSearchParams(search);
  const filters = { ...defaultFilters };
  for (const key of keys) filters[key] = query.get(key) ?? defaultFilters[key];
  return filters;
}

/** `search` with the filters written in, each only when it differs from its default, so a plain view keeps a plain URL. */
export function searchWith(search: string, filters: DashboardFilters): string {
  const query = new URLSearchParams(search);
  for (const key of keys) {
    if (filters[key] === defaultFilters[key]) query.delete(key);
    else query.set(key, filters[key]);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The column order a URL query names (`sort=weight&dir=desc`), if it is one of `columns`; null for none. */
export function sortOf(search: string, columns: readonly string[]): PalletSort | null {
  const query = new URLSearchParams(search);
  const column = query.get('sort');
  if (column === null || !columns.includes(column)) return null;
  return { column, descending: query.get('dir') === 'desc' };
}

/** `search` with the column order written in (none: no `sort`, the display order). */
export function searchWithSort(search: string, sort: PalletSort | null): string {
  const query = new URLSearchParams(search);
  query.delete('sort');
  query.delete('dir');
  if (sort) {
    query.set('sort', sort.column);
    if (sort.descending) query.set('dir', 'desc');
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

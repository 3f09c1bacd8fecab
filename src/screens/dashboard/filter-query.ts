import { type DashboardFilters, defaultFilters } from '../../../streams/live';

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

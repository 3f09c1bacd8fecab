import { filter, map, type Observable, Subject, startWith } from 'rxjs';
import type { StorageLike } from '../session/storage';

/** Pallet attributes chosen by name (tomatoType, boxType, …); a saved one may lack some. */
export type SavedChoice = Readonly<Record<string, string>>;

/** The sorting line's last choice of pallet attributes, per location, kept across reloads. */
export interface SortingChoices {
  /** The choice saved at `locationId`, now and after each change; {} when none is. */
  saved$(locationId: string): Observable<SavedChoice>;
  /** Changes some attributes of the choice at `locationId`, keeping the others. */
  choose(locationId: string, change: SavedChoice): void;
}

const keyOf = (locationId: string) => `sorting:${locationId}`;

/** What `storage` holds at `locationId`: only string values, {} for anything else. */
function read(storage: StorageLike, locationId: string): SavedChoice {
  try {
    const stored: unknown = JSON.parse(storage.getItem(keyOf(locationId)) ?? '{}');
    if (!stored || typeof stored !== 'object') return {};
    return Object.fromEntries(Object.entries(stored).filter(([, value]) => typeof value === 'string'));
  } catch {
    return {};
  }
}

/**
 * The sorting choices over `storage` (the browser's local storage): written through at once, so
 * a reload, another tab's next read or the next shift at this location finds them.
 */
export function createSortingChoices(storage: StorageLike): SortingChoices {
  const changed = new Subject<string>();
  return {
    saved$: (locationId) =>
      changed.pipe(
        filter((id) => id === locationId),
        startWith(locationId),
        map(() => read(storage, locationId)),
      ),
    choose(locationId, change) {
      storage.setItem(keyOf(locationId), JSON.stringify({ ...read(storage, locationId), ...change }));
      changed.next(locationId);
    },
  };
}

/**
 * The choice of each of `attributes` to work with: as saved while the catalogue still offers it,
 * else the catalogue's first value ('' while the catalogue has none). Whatever else the catalogue
 * or the saved choice holds stays out.
 */
export function choiceIn<K extends string>(
  attributes: readonly K[],
  saved: SavedChoice,
  catalog: Readonly<Record<K, readonly string[]>>,
): Record<K, string> {
  return Object.fromEntries(
    attributes.map((key) => {
      const value = saved[key];
      return [key, value !== undefined && catalog[key].includes(value) ? value : (catalog[key][0] ?? '')];
    }),
  ) as Record<K, string>;
}

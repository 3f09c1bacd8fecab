import { distinctUntilChanged, map, type OperatorFunction, scan } from 'rxjs';
import type { PalletsState } from './filters';

interface Seen {
  ids: readonly string[];
  set: Set<string>;
}

const noOne: Seen = { ids: [], set: new Set() };

/**
 * Operator: the ids of the users who added the location's pallets (the "Added by" filter's
 * choices). The first state and a snapshot walk every pallet; a live batch looks only at the
 * pallets it changed, and the list is a new one only when someone new appears.
 */
export function addedBy(): OperatorFunction<PalletsState, readonly string[]> {
  return (state$) =>
    state$.pipe(
      scan((seen: Seen | null, { pallets, changedPallets }) => {
        const walkAll = seen === null || changedPallets === null;
        const set = walkAll ? new Set<string>() : seen.set;
        const before = set.size;
        for (const id of walkAll ? pallets.ids : changedPallets) {
          const by = pallets.get(id)?.addedBy;
          if (typeof by === 'string') set.add(by);
        }
        if (!walkAll && set.size === before) return seen;
        return walkAll && seen !== null && sameSet(seen.set, set) ? seen : { ids: [...set], set };
      }, null),
      map((seen) => (seen ?? noOne).ids),
      distinctUntilChanged(),
    );
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((id) => b.has(id));

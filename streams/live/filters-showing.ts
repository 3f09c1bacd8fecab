import { type DashboardFilters, type PalletQuery, palletMatches } from './filters';
import type { Pallet } from './types';

/**
 * The filters that show a pallet someone scanned or searched for: null when the query shows it
 * already, else the query's filters with the pallet status widened to all, since a pallet found
 * by its label is most often one that left the stock (shipped or processed) and the default
 * shows only what is in stock.
 */
export function filtersShowing(pallet: Pallet, query: PalletQuery): DashboardFilters | null {
  return palletMatches(pallet, query) ? null : { ...query.filters, palletStatus: 'all' };
}

/**
 * Live updates of one location (SPEC 4 "Live updates"): the pipeline from SSE messages to
 * normalised projections. Usually reached through `createLiveStore`, fed by a connection's
 * `messagesOf(locationId)` and a `restSnapshotLoader(session.api)`.
 */

export type { Entities } from './entities';
export {
  createDashboardFilters,
  type DashboardFilters,
  type DashboardFiltersStore,
  defaultFilters,
  type FixedChoice,
  fixedChoices,
  orderMatches,
  type PalletQuery,
  type PalletsState,
  palletMatches,
  palletStatusChoices,
  visiblePalletIds,
} from './filters';
export { filtersShowing } from './filters-showing';
export { highlightChanges } from './highlight-changes';
export { normaliseMessage } from './normalise';
export { defaultLiveTiming, type LiveTiming, livePipeline } from './pipeline';
export type { LiveSnapshot } from './projection';
export { type ReadState, readThenFollow } from './read-then-follow';
export { type PalletsLoad, restPalletsLoader, restSnapshotLoader } from './snapshot';
export { boardKey, type PalletSort, palletKeys, type SortedIds, type SortKey, sortIds } from './sorting';
export {
  createLiveStore,
  type KeptSnapshots,
  type LiveStore,
  type LiveStoreDeps,
  type LiveStoreState,
} from './store';
export type {
  EntityAction,
  LiveEvent,
  LivePrinting,
  Order,
  OverviewStats,
  Pallet,
  SseMessage,
  StorageZone,
} from './types';
export { inStock } from './types';
export { type LeftStock, noLeftStock, withLeftStock } from './with-left-stock';
export type { ZoneOccupancy } from './zone-occupancy';

/**
 * Live updates of one location (SPEC 4 "Live updates"): the pipeline from SSE messages to
 * normalised projections. Usually reached through `createLiveStore`, fed by a connection's
 * `messagesOf(locationId)` and a `restSnapshotLoader(session.api)`.
 */

export { type Entities, entitiesInOrder, entityOf } from './entities';
export {
  createDashboardFilters,
  type DashboardFilters,
  defaultFilters,
  orderMatches,
  palletMatches,
  visiblePalletIds,
} from './filters';
export { normaliseMessage } from './normalise';
export { defaultLiveTiming, type LiveTiming, livePipeline } from './pipeline';
export {
  applyBatch,
  applySnapshot,
  initialLiveState,
  type LiveSnapshot,
  type LiveState,
} from './projection';
export { restSnapshotLoader } from './snapshot';
export { createLiveStore, type LiveStoreDeps, type LiveStoreState } from './store';
export type { EntityAction, LiveEvent, Order, OverviewStats, Pallet, SseMessage } from './types';

/**
 * Analytics of SPEC 5/7: `createAnalytics({ api })` validates and posts events behind a circuit
 * breaker and reads through /api/insights → /api/metrics → /api/analytics with fallback data;
 * `createUserNames(api)` resolves user ids to cached names.
 */
export {
  type ActivityFilters,
  activityEventLimit,
  activityEventsQuery,
  activityRange,
  type EventHistory,
  eventHistoryKinds,
  fillsEventPage,
  noActivityFilters,
} from './activity-query';
export {
  type Analytics,
  type AnalyticsDeps,
  type AnalyticsStats,
  createAnalytics,
  type EventsQuery,
  fallbackEventTypes,
  type RangeQuery,
  type TrackResult,
} from './analytics';
export { type Breaker, BreakerOpenError, type BreakerState, createBreaker } from './breaker';
export {
  type AnalyticsEvent,
  type AnalyticsEventType,
  analyticsEventTypes,
  analyticsMessages,
  classifyEvent,
  defaultNotes,
  type EventClass,
  isUuid,
  prepareEvent,
  validateEvent,
} from './event';
// types only: the schemas and the reads that parse with them are imported from their modules,
// so zod loads with the screen that reads them and not with the app
export type { LoggedEvent } from './logged-event';
export { type AnalyticsPrefix, type AnalyticsRead, adBlockerAdvice, analyticsPrefixes } from './reads';
export type { UserActivity } from './user-activity';
export { createUserNames } from './user-names';

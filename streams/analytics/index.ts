/**
 * Analytics of SPEC 5/7: `createAnalytics({ api })` validates and posts events behind a circuit
 * breaker and reads through /api/insights → /api/metrics → /api/analytics with fallback data;
 * `createUserNames(api)` resolves user ids to cached names.
 */
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
export { type AnalyticsPrefix, type AnalyticsRead, adBlockerAdvice, analyticsPrefixes } from './reads';
export { createUserNames, fallbackUserName } from './user-names';

import {
  type ActivityFilters,
  activityEventsQuery,
  activityRange,
  type EventHistory,
} from '../../streams/analytics';
// straight from their module, not the analytics index the app starts with: their zod schemas
// then load with the admin screen that reads them
import { readEventHistory, readEvents, readUserActivity } from '../../streams/analytics/activity-reads';
import { useInsight } from './insights';

/**
 * The Activity section's reads of SPEC 7 for the applied filters at `locationId`, and the history
 * shown (none while null), each typed by the parse its answer passed.
 */
export function useActivityInsights(
  filters: ActivityFilters,
  locationId: string,
  history: EventHistory | null,
) {
  const range = activityRange(filters, locationId);
  const rangeKey = JSON.stringify(range);
  const query = activityEventsQuery(filters, locationId);
  const types = useInsight((analytics) => analytics.eventTypes(), 'types');
  const stats = useInsight((analytics) => analytics.stats(range), rangeKey);
  const people = useInsight((analytics) => readUserActivity(analytics, range), rangeKey);
  const events = useInsight((analytics) => readEvents(analytics, query), JSON.stringify(query));
  const trail = useInsight(
    history && ((analytics) => readEventHistory(analytics, history)),
    JSON.stringify(history),
  );
  return { types, stats, people, events, trail };
}

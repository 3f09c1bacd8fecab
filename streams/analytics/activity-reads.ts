import type { Observable } from 'rxjs';
import { z } from 'zod';
import type { EventHistory } from './activity-query';
import type { Analytics, EventsQuery, RangeQuery } from './analytics';
import { type LoggedEvent, loggedEventSchema } from './logged-event';
import { parsedRead } from './parsed-read';
import type { AnalyticsRead } from './reads';
import { type UserActivity, userActivitySchema } from './user-activity';

const loggedEvents = z.array(loggedEventSchema);

/** The events `query` asks for, each parsed (the fallback's empty list included). */
export const readEvents = (
  analytics: Analytics,
  query: EventsQuery,
): Observable<AnalyticsRead<LoggedEvent[]>> => analytics.events(query).pipe(parsedRead(loggedEvents));

/** The events of a pallet's or an order's history, parsed. */
export const readEventHistory = (
  analytics: Analytics,
  { kind, id }: EventHistory,
): Observable<AnalyticsRead<LoggedEvent[]>> =>
  (kind === 'pallet' ? analytics.palletEvents(id) : analytics.orderEvents(id)).pipe(parsedRead(loggedEvents));

/** Each person's count of events in `range`, parsed. */
export const readUserActivity = (
  analytics: Analytics,
  range: RangeQuery,
): Observable<AnalyticsRead<UserActivity[]>> =>
  analytics.userActivity(range).pipe(parsedRead(z.array(userActivitySchema)));

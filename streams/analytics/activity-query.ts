import type { ActivityFilterDraft } from '../admin/forms';
import type { EventsQuery, RangeQuery } from './analytics';

/** The Activity section's filters (SPEC 7): the draft's dates and ids, an event type and a user; '' filters nothing. */
export type ActivityFilters = ActivityFilterDraft & { eventType: string; userId: string };

/** No filter chosen: every event of the location (a plain literal: a call here would keep this file in the sign-in screen's first load). */
export const noActivityFilters: Readonly<ActivityFilters> = {
  startDate: '',
  endDate: '',
  eventType: '',
  userId: '',
  palletId: '',
  orderId: '',
};

/** What a history is of (`admin:activity.historyOf.<kind>` names one). */
export const eventHistoryKinds = ['pallet', 'order'] as const;

/** A pallet's or an order's history of events, by its id. */
export interface EventHistory {
  kind: (typeof eventHistoryKinds)[number];
  id: string;
}

/** How many events the section reads: the newest page of the log, older ones left out. */
export const activityEventLimit = 100;

/** The stats' and user activity's range of the applied filters at `locationId`: a blank date leaves that end open. */
export function activityRange(filters: ActivityFilters, locationId: string): RangeQuery {
  return {
    locationId,
    ...(filters.startDate && { startDate: filters.startDate }),
    ...(filters.endDate && { endDate: filters.endDate }),
  };
}

/** The events query of the applied filters at `locationId`: the range, then each filter that is not blank. */
export function activityEventsQuery(filters: ActivityFilters, locationId: string): EventsQuery {
  // ids are pasted, often with a space around them; the server looks them up exactly
  const palletId = filters.palletId.trim();
  const orderId = filters.orderId.trim();
  return {
    ...activityRange(filters, locationId),
    limit: activityEventLimit,
    ...(filters.eventType && { eventTypes: [filters.eventType] }),
    ...(filters.userId && { userId: filters.userId }),
    ...(palletId && { palletId }),
    ...(orderId && { orderId }),
  };
}

/** Whether an answer filled the page, so older events may have been left out ("the latest 100"). */
export const fillsEventPage = (events: readonly unknown[]): boolean => events.length === activityEventLimit;

import {
  asyncScheduler,
  catchError,
  defer,
  distinctUntilChanged,
  map,
  type Observable,
  of,
  type SchedulerLike,
  startWith,
  switchMap,
  throttleTime,
} from 'rxjs';
import type { AnalyticsRead } from '../analytics/reads';
import { activityRefreshMs } from '../config';

/** One thing someone did at the location, as the analytics log has it (SPEC 3, 7). */
export interface ActivityEntry {
  id: string;
  type: string;
  userName: string;
  palletId: string | null;
  orderId: string | null;
  /** Where a move put the pallet: its zone's name and row (from 0), when the entry is a move. */
  place: { zone: string; rowIndex: number | null } | null;
  at: string;
  /** How many entries of the same person, kind and order this one stands for (an assignment of 3 pallets: 3). */
  count: number;
}

/** The feed: its entries newest first, and SPEC 8's ad-blocker advice when every read was blocked. */
export interface ActivityFeed {
  status: 'loading' | 'ready';
  entries: readonly ActivityEntry[];
  advice: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function placeOf(state: unknown): ActivityEntry['place'] {
  if (!state || typeof state !== 'object') return null;
  const { storage_zone: zone, row_index: row } = state as Record<string, unknown>;
  return typeof zone === 'string' ? { zone, rowIndex: typeof row === 'number' ? row : null } : null;
}

/** An event of GET /api/insights/events as an entry, or null when it is not one. */
function entryOf(raw: unknown): ActivityEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const event = raw as Record<string, unknown>;
  const id = text(event.id);
  const type = text(event.eventType) ?? text(event.event_type);
  if (!id || !type) return null;
  return {
    id,
    type,
    userName: text(event.username) ?? 'Someone',
    palletId: text(event.palletId) ?? text(event.pallet_id),
    orderId: text(event.orderId) ?? text(event.order_id),
    place: placeOf(event.newState ?? event.new_state),
    at: text(event.createdAt) ?? text(event.created_at) ?? '',
    count: 1,
  };
}

/** Entries one after another by the same person, of the same kind, on the same order: one entry ("assigned 2 pallets"). */
export function groupActivity(entries: readonly ActivityEntry[]): ActivityEntry[] {
  const grouped: ActivityEntry[] = [];
  for (const entry of entries) {
    const last = grouped.at(-1);
    if (
      last &&
      last.type === entry.type &&
      last.userName === entry.userName &&
      last.orderId &&
      last.orderId === entry.orderId
    )
      grouped[grouped.length - 1] = { ...last, count: last.count + 1 };
    else grouped.push(entry);
  }
  return grouped;
}

const sameEntry = (a: ActivityEntry, b: ActivityEntry) =>
  a.id === b.id &&
  a.type === b.type &&
  a.userName === b.userName &&
  a.palletId === b.palletId &&
  a.orderId === b.orderId &&
  a.place?.zone === b.place?.zone &&
  a.place?.rowIndex === b.place?.rowIndex &&
  a.at === b.at &&
  a.count === b.count;

/**
 * `after`, read again, with each entry that reads as before being the object it was: a live batch
 * then re-renders only the entries it brought. `before` itself when nothing changed.
 */
function keptEntries(before: readonly ActivityEntry[], after: ActivityEntry[]): readonly ActivityEntry[] {
  const known = new Map(before.map((entry) => [entry.id, entry]));
  const entries = after.map((entry) => {
    const was = known.get(entry.id);
    return was && sameEntry(was, entry) ? was : entry;
  });
  return entries.length === before.length && entries.every((entry, i) => entry === before[i])
    ? before
    : entries;
}

/**
 * The location's recent activity, live: read again after each change the location's stream
 * brings (`changes$`, e.g. its last event id), at most once per `refreshMs` with the last change
 * always read, so a burst of changes costs two reads, not one each. A failed read keeps the feed
 * as it was; entries read again unchanged keep their objects, and a read that brings nothing new
 * gives the feed it had.
 */
export function activityFeed(
  changes$: Observable<unknown>,
  read: () => Observable<AnalyticsRead<unknown[]>>,
  refreshMs = activityRefreshMs,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<ActivityFeed> {
  return defer(() => {
    let last: ActivityFeed = { status: 'loading', entries: [], advice: null };
    return changes$.pipe(
      distinctUntilChanged(),
      throttleTime(refreshMs, scheduler, { leading: true, trailing: true }),
      switchMap(() =>
        read().pipe(
          map((answer): ActivityFeed => {
            const entries = Array.isArray(answer.data)
              ? answer.data.map(entryOf).filter((e) => e !== null)
              : [];
            const kept = keptEntries(last.entries, groupActivity(entries));
            if (last.status !== 'ready' || kept !== last.entries || answer.advice !== last.advice)
              last = { status: 'ready', entries: kept, advice: answer.advice };
            return last;
          }),
          catchError(() => of(last)),
        ),
      ),
      startWith(last),
    );
  });
}

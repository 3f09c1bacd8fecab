import { combineLatest, type Observable, type OperatorFunction, type SchedulerLike, scan } from 'rxjs';
import { idsOf } from './ids-of';
import { applyEvents, type Projection } from './projection';
import type { LiveEvent } from './types';

const none: ReadonlySet<string> = new Set();

/** A model with the ids of the changes waiting on it. */
type Waiting<M> = M & { waiting: ReadonlySet<string> };

/**
 * Operator: the user's changes that wait to be sent (the phone's offline queue) shown on top of
 * the live data, as if the server had taken them, their ids in `waiting` so a screen can mark
 * them. Nothing of them reaches the projection itself: a change the server refuses leaves the
 * list and is rolled back by that alone, and one it takes comes back as its live event.
 */
export function withWaiting<M extends { projection: Projection }>(
  waiting$: Observable<readonly LiveEvent[]>,
  scheduler: SchedulerLike,
): OperatorFunction<M, Waiting<M>> {
  return (models$) =>
    combineLatest([models$, waiting$]).pipe(
      scan<[M, readonly LiveEvent[]], Waiting<M>, null>((last, [model, events]) => {
        if (events.length === 0 && !last?.waiting.size) return { ...model, waiting: none };
        const projection = applyEvents(model.projection, events, scheduler.now());
        return {
          ...model,
          // pallets other than the batch's changed (shown, or rolled back): read them all again
          projection: { ...projection, changedPallets: null },
          waiting: events.length ? new Set(events.flatMap(idsOf)) : none,
        };
      }, null),
    );
}

import {
  asyncScheduler,
  distinctUntilChanged,
  filter,
  map,
  mergeMap,
  type OperatorFunction,
  pipe,
  type SchedulerLike,
  scan,
  startWith,
  timer,
} from 'rxjs';
import { optimisticMarkMs } from '../config';

/** What an optimistic change does now: the event to apply (null when only marks expired), and the marks. */
export interface OptimisticStep<T> {
  event: T | null;
  /** Ids (pallet or order) marked optimistic, with the time of their mark. */
  marks: ReadonlyMap<string, number>;
}

interface Change<T> {
  event: T | null;
  ids: readonly string[];
  at: number;
}

/**
 * Operator: SPEC 4's optimistic updates. Of each batch of changes the user just made only the
 * last event is delivered, at once, and the ids it names (`idsOf`) are marked for `markMs`. A
 * mark made again before it expires lasts `markMs` from the newer mark.
 */
export function markOptimistic<T>(
  idsOf: (event: T) => readonly string[],
  markMs = optimisticMarkMs,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<readonly T[], OptimisticStep<T>> {
  return pipe(
    filter((batch) => batch.length > 0),
    mergeMap((batch) => {
      const event = batch[batch.length - 1];
      const mark: Change<T> = { event, ids: idsOf(event), at: scheduler.now() };
      const unmark: Change<T> = { ...mark, event: null };
      return timer(markMs, scheduler).pipe(
        map(() => unmark),
        startWith(mark),
      );
    }),
    scan<Change<T>, OptimisticStep<T>>(
      (step, { event, ids, at }) => {
        // an expiry of marks made again since leaves nothing to say
        if (!event && ids.every((id) => step.marks.get(id) !== at)) return step;
        const marks = new Map(step.marks);
        for (const id of ids) {
          if (event) marks.set(id, at);
          else if (marks.get(id) === at) marks.delete(id);
        }
        return { event, marks };
      },
      { event: null, marks: new Map() },
    ),
    distinctUntilChanged(),
  );
}

import {
  asyncScheduler,
  Observable,
  type OperatorFunction,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';

/** How one kind of item is paced: its throttle window, and whether a window's items go out as one batch. */
export interface Pace {
  windowMs: number;
  batched: boolean;
}

/** A kind's throttle window: open while its end lies ahead; trailing once an item fell into it. */
interface Window {
  readonly pace: Pace;
  end: number;
  trailing: boolean;
}

/** An item waiting in the queue, and when it is due. */
interface Queued<T> {
  item: T;
  pace: Pace;
  due: number;
}

/** A delivery's items as batches: consecutive items of batched kinds together, others alone. */
function batchesOf<T>(entries: readonly Queued<T>[]): T[][] {
  const batches: T[][] = [];
  let open: T[] | null = null;
  for (const { item, pace } of entries) {
    if (!pace.batched) {
      batches.push([item]);
      open = null;
    } else if (open) {
      open.push(item);
    } else {
      open = [item];
      batches.push(open);
    }
  }
  return batches;
}

/**
 * Operator: throttles each kind of item in its own window and delivers in arrival order.
 *
 * Per kind it behaves like `throttleTime(windowMs, scheduler, { leading: true, trailing: true })`,
 * except that nothing is dropped: an item arriving in a quiet period is due at once and opens a
 * window; items arriving inside the window are due at its end, which opens the next window.
 * Delivery keeps arrival order across kinds (an assignment must not overtake the pallet it names):
 * when an item falls due, every item queued before it goes out with it, early. Each delivery is
 * one emission, a list of batches: consecutive items of batched kinds form one batch; an item of
 * an unbatched kind is a batch of its own. On completion whatever is queued goes out at once.
 */
export function throttleBatch<T, K extends string>(
  kindOf: (item: T) => K,
  paces: Record<K, Pace>,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<T, T[][]> {
  return (source) =>
    new Observable<T[][]>((subscriber) => {
      const windows = new Map<K, Window>();
      for (const kind in paces) windows.set(kind, { pace: paces[kind], end: -Infinity, trailing: false });
      let queue: Queued<T>[] = [];
      let timer: Subscription | null = null;
      let timerAt = Infinity;

      const deliver = (entries: Queued<T>[]) => {
        if (entries.length) subscriber.next(batchesOf(entries));
      };

      /** Delivers what is due now, with everything queued before it; a trailing window opens the next. */
      const flush = () => {
        const now = scheduler.now();
        for (const window of windows.values()) {
          if (window.trailing && window.end <= now) {
            window.end += window.pace.windowMs;
            window.trailing = false;
          }
        }
        const last = queue.findLastIndex((entry) => entry.due <= now);
        deliver(queue.splice(0, last + 1));
        if (queue.length) wakeAt(Math.min(...queue.map((entry) => entry.due)));
      };

      /** Makes sure a flush runs at `at`: one timer, at the earliest time anything is due. */
      const wakeAt = (at: number) => {
        if (at >= timerAt) return;
        timer?.unsubscribe();
        timerAt = at;
        timer = scheduler.schedule(() => {
          timer = null;
          timerAt = Infinity;
          flush();
        }, at - scheduler.now());
      };

      const subscription = source.subscribe({
        next: (item) => {
          const now = scheduler.now();
          const window = windows.get(kindOf(item)) as Window;
          if (window.end > now) {
            window.trailing = true;
            queue.push({ item, pace: window.pace, due: window.end });
            wakeAt(window.end);
          } else {
            window.end = now + window.pace.windowMs;
            window.trailing = false;
            queue.push({ item, pace: window.pace, due: now });
            flush();
          }
        },
        error: (err) => subscriber.error(err),
        complete: () => {
          deliver(queue);
          queue = [];
          subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
        timer?.unsubscribe();
      };
    });
}

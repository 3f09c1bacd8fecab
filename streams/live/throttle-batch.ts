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

/**
 * Operator: throttles each kind of item in its own window and delivers in arrival order.
 *
 * Per kind it behaves like `throttleTime(windowMs, scheduler, { leading: true, trailing: true })`,
 * except that nothing is dropped: an item arriving in a quiet period is due at once and opens a
 * window; items arriving inside the window are due at its end, which opens the next window.
 * Delivery keeps arrival order across kinds (an assignment must not overtake the pallet it names):
 * when an item falls due, every item queued before it goes out with it, early. Each delivery is
 * one emission, a list of batches: consecutive items of batched kinds form one batch; an item of
 * an unbatched kind is a batch of its own.
 */
export function throttleBatch<T, K extends string>(
  kindOf: (item: T) => K,
  paces: Record<K, Pace>,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<T, T[][]> {
  return (source) =>
    new Observable<T[][]>((subscriber) => {
      // the queue in two arrays, items and when each is due: no object per item
      const queue: T[] = [];
      const dues: number[] = [];
      /** Per kind: the end of its open window, and whether anything fell into it. */
      const windows = new Map<K, { end: number; trailing: boolean }>();
      let timer: Subscription | null = null;
      let timerAt = Number.POSITIVE_INFINITY;

      const deliver = (count: number) => {
        if (count === 0) return;
        const delivery: T[][] = [];
        let batch: T[] = [];
        const items = queue.splice(0, count);
        dues.splice(0, count);
        for (const item of items) {
          if (paces[kindOf(item)].batched) {
            batch.push(item);
          } else {
            if (batch.length) delivery.push(batch);
            batch = [];
            delivery.push([item]);
          }
        }
        if (batch.length) delivery.push(batch);
        subscriber.next(delivery);
      };

      const flush = () => {
        const now = scheduler.now();
        for (const [kind, window] of windows) {
          if (window.end > now) continue;
          if (window.trailing) {
            window.end += paces[kind].windowMs;
            window.trailing = false;
          } else windows.delete(kind);
        }
        let last = -1;
        let next = Number.POSITIVE_INFINITY;
        for (let i = 0; i < dues.length; i++) {
          if (dues[i] <= now) last = i;
          else if (dues[i] < next) next = dues[i];
        }
        deliver(last + 1);
        schedule(next);
      };

      const schedule = (at: number) => {
        if (at >= timerAt) return;
        timer?.unsubscribe();
        timerAt = at;
        timer = Number.isFinite(at)
          ? scheduler.schedule(() => {
              timer = null;
              timerAt = Number.POSITIVE_INFINITY;
              flush();
            }, at - scheduler.now())
          : null;
      };

      const subscription = source.subscribe({
        next: (item) => {
          const now = scheduler.now();
          const kind = kindOf(item);
          const window = windows.get(kind);
          queue.push(item);
          if (window && window.end > now) {
            window.trailing = true;
            dues.push(window.end);
            schedule(window.end);
          } else {
            windows.set(kind, { end: now + paces[kind].windowMs, trailing: false });
            dues.push(now);
            flush();
          }
        },
        error: (err) => subscriber.error(err),
        complete: () => {
          deliver(queue.length);
          subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
        timer?.unsubscribe();
      };
    });
}

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

/** A kind's throttle window: open while its end lies ahead; trailing once anything fell into it. */
interface KindWindow {
  readonly pace: Pace;
  end: number;
  trailing: boolean;
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
      // each kind's window, made once: no item allocates one
      const windows = new Map<K, KindWindow>();
      for (const kind in paces)
        windows.set(kind, { pace: paces[kind], end: Number.NEGATIVE_INFINITY, trailing: false });
      const all = [...windows.values()];
      /**
       * The queue: items, their kinds' windows and when each is due, in three arrays (no object
       * per item), between `head` and `end`. Delivered places are cleared and written again: when
       * the queue empties it starts over at 0, and when the arrays are full and their first half
       * delivered, the rest moves to the front; so deliveries neither cut the arrays nor make
       * them grow again.
       */
      const queue: (T | undefined)[] = [];
      const queuedWindows: (KindWindow | undefined)[] = [];
      const dues: number[] = [];
      let head = 0;
      let end = 0;
      let timer: Subscription | null = null;
      let timerAt = Number.POSITIVE_INFINITY;

      const enqueue = (item: T, window: KindWindow, due: number) => {
        if (end === queue.length && head >= end >> 1) {
          for (let i = head; i < end; i++) {
            queue[i - head] = queue[i];
            queuedWindows[i - head] = queuedWindows[i];
            dues[i - head] = dues[i];
          }
          queue.fill(undefined, end - head, end);
          queuedWindows.fill(undefined, end - head, end);
          end -= head;
          head = 0;
        }
        queue[end] = item;
        queuedWindows[end] = window;
        dues[end] = due;
        end++;
      };

      const deliver = (count: number) => {
        if (count === 0) return;
        const delivery: T[][] = [];
        let batch: T[] = [];
        for (let i = head; i < head + count; i++) {
          const item = queue[i] as T;
          if ((queuedWindows[i] as KindWindow).pace.batched) {
            batch.push(item);
          } else {
            if (batch.length) delivery.push(batch);
            batch = [];
            delivery.push([item]);
          }
          queue[i] = undefined;
          queuedWindows[i] = undefined;
        }
        head += count;
        if (head === end) head = end = 0;
        if (batch.length) delivery.push(batch);
        subscriber.next(delivery);
      };

      const flush = () => {
        const now = scheduler.now();
        for (const window of all) {
          if (window.end > now || !window.trailing) continue;
          window.end += window.pace.windowMs;
          window.trailing = false;
        }
        let last = head - 1;
        let next = Number.POSITIVE_INFINITY;
        for (let i = head; i < end; i++) {
          if (dues[i] <= now) last = i;
          else if (dues[i] < next) next = dues[i];
        }
        deliver(last + 1 - head);
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
          const window = windows.get(kindOf(item)) as KindWindow;
          if (window.end > now) {
            window.trailing = true;
            enqueue(item, window, window.end);
            schedule(window.end);
          } else {
            window.end = now + window.pace.windowMs;
            window.trailing = false;
            enqueue(item, window, now);
            flush();
          }
        },
        error: (err) => subscriber.error(err),
        complete: () => {
          deliver(end - head);
          subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
        timer?.unsubscribe();
      };
    });
}

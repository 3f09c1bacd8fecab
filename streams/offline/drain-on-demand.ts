import { concatMap, defer, finalize, type Observable, type OperatorFunction, Subject, throttle } from 'rxjs';

/**
 * Runs `drain()` on a trigger, one drain at a time. Triggers that come while a drain runs are
 * not lost (a change queued meanwhile): they cause one more drain right after it, however many
 * there were.
 */
export function drainOnDemand<T>(drain: () => Observable<T>): OperatorFunction<unknown, T> {
  return (trigger$) =>
    defer(() => {
      const done$ = new Subject<void>();
      return trigger$.pipe(
        throttle(() => done$, { leading: true, trailing: true }),
        concatMap(() => drain().pipe(finalize(() => done$.next()))),
      );
    });
}

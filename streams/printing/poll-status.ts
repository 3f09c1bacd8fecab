import { asyncScheduler, exhaustMap, type Observable, type SchedulerLike, timer } from 'rxjs';
import { printerStatusPollMs, printerStatusWaitMs } from '../config';
import { type SocketWire, type StatusReply, statusReply } from './status-reply';

/**
 * Asks a printer for its status at once and every {@link printerStatusPollMs}, each query given
 * {@link printerStatusWaitMs} to answer; a query still open when the next is due is not doubled.
 * `ask` opens one status query's socket (subscribing opens it, unsubscribing closes it).
 */
export function pollStatus(
  ask: () => Observable<SocketWire>,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<StatusReply> {
  return timer(0, printerStatusPollMs, scheduler).pipe(
    exhaustMap(() => ask().pipe(statusReply(printerStatusWaitMs, scheduler))),
  );
}

import {
  asyncScheduler,
  catchError,
  EMPTY,
  last,
  map,
  type Observable,
  type OperatorFunction,
  type SchedulerLike,
  scan,
  takeUntil,
  takeWhile,
  timer,
} from 'rxjs';
import { printerStatusWaitMs } from '../config';
import { type HostStatus, parseHostStatus } from './host-status';

/**
 * What a raw TCP socket to a device on the floor (a printer's status query, a scale) reports:
 * connected, or bytes the device sent. It errors when the connection fails.
 */
export type SocketWire = { kind: 'connected' } | { kind: 'text'; text: string };

/**
 * One status poll's outcome: the printer's answer; `silent` when it took the connection but sent
 * no status (a printer that does not speak `~HS`, or one sending garbage); `down` when it could
 * not be reached at all.
 */
export type StatusReply = { kind: 'answer'; status: HostStatus } | { kind: 'silent' } | { kind: 'down' };

/** How much of a printer's talk is kept while looking for its answer: a `~HS` answer is about 80 bytes. */
export const statusReplyMaxChars = 1_024;

/**
 * A status query's socket events as its one {@link StatusReply}, within `waitMs`: the first
 * complete answer, else silent if it connected, else down. A printer that sends endless bytes
 * is read from its last {@link statusReplyMaxChars} characters only; one that never answers is
 * let go at `waitMs`.
 */
export function statusReply(
  waitMs = printerStatusWaitMs,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<SocketWire, StatusReply> {
  return (wire$: Observable<SocketWire>) =>
    wire$.pipe(
      scan(
        (seen, event) =>
          event.kind === 'connected'
            ? { ...seen, connected: true }
            : { ...seen, text: (seen.text + event.text).slice(-statusReplyMaxChars) },
        { connected: false, text: '' },
      ),
      takeUntil(timer(waitMs, scheduler)),
      catchError(() => EMPTY),
      map((seen) => ({ connected: seen.connected, status: parseHostStatus(seen.text) })),
      takeWhile(({ status }) => status === null, true),
      last(undefined, { connected: false, status: null }),
      map(
        ({ connected, status }): StatusReply =>
          status ? { kind: 'answer', status } : { kind: connected ? 'silent' : 'down' },
      ),
    );
}

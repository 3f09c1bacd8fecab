import {
  catchError,
  concatMap,
  last,
  map,
  type Observable,
  type OperatorFunction,
  of,
  takeWhile,
} from 'rxjs';
import type { QueuedChange, SendOutcome } from './types';

/**
 * Sends the changes one after the other, each only once the one before it has been answered, so
 * the server sees them in the order the operator made them. A refusal is reported and the next
 * change goes on; a change that got no answer (`unreachable(error)`) is reported and ends the
 * drain, since every later change would fail the same way and must not overtake it.
 */
export function sendInOrder(
  send: (change: QueuedChange) => Observable<unknown>,
  unreachable: (error: unknown) => boolean,
): OperatorFunction<QueuedChange, SendOutcome> {
  return (changes$) =>
    changes$.pipe(
      concatMap((change) =>
        send(change).pipe(
          last(undefined, null),
          map((answer): SendOutcome => ({ change, result: 'sent', answer })),
          catchError((error: unknown) =>
            of<SendOutcome>({ change, result: unreachable(error) ? 'unreachable' : 'refused', error }),
          ),
        ),
      ),
      takeWhile((outcome) => outcome.result !== 'unreachable', true),
    );
}

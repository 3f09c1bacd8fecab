import { distinctUntilChanged, map, type OperatorFunction, scan, skip, startWith } from 'rxjs';
import { printerMissedPollsUnreachable } from '../config';
import { type PrinterStatus, stateOf, statusUnknown } from './host-status';
import type { StatusReply } from './status-reply';

interface Reading {
  status: PrinterStatus;
  /** Polls missed in a row. */
  missed: number;
  /** Whether the printer ever answered a status query. */
  answered: boolean;
}

const sameStatus = (a: PrinterStatus, b: PrinterStatus) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A printer's poll replies as its state, emitted when it changes (not for the first, unknown one):
 * an answer gives the state it reports. A printer that connects but never answered a status is
 * "status unknown", never broken. A poll missed (down, or silent from a printer that answered
 * before) keeps the last state until {@link printerMissedPollsUnreachable} are missed in a row,
 * then the printer is unreachable (its last answer kept beside it).
 */
export function printerStatus(): OperatorFunction<StatusReply, PrinterStatus> {
  return (reply$) =>
    reply$.pipe(
      scan(
        (reading: Reading, reply): Reading => {
          if (reply.kind === 'answer')
            return {
              status: { state: stateOf(reply.status), flags: reply.status },
              missed: 0,
              answered: true,
            };
          if (reply.kind === 'silent' && !reading.answered)
            return { ...reading, status: statusUnknown, missed: 0 };
          const missed = reading.missed + 1;
          return {
            ...reading,
            missed,
            status:
              missed >= printerMissedPollsUnreachable
                ? { state: 'unreachable', flags: reading.status.flags }
                : reading.status,
          };
        },
        { status: statusUnknown, missed: 0, answered: false },
      ),
      map((reading) => reading.status),
      startWith(statusUnknown),
      distinctUntilChanged(sameStatus),
      skip(1),
    );
}

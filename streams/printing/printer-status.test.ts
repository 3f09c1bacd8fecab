import { describe, it } from 'vitest';
import { printerMissedPollsUnreachable } from '../config';
import { marbles } from '../session/marbles';
import { hostStatusAnswer, type PrinterStatus, parseHostStatus, stateOf } from './host-status';
import { printerStatus } from './printer-status';

const flags = (answer: string) => parseHostStatus(answer)!;
const paperOut = flags(hostStatusAnswer({ paperOut: true }));
const ready = flags(hostStatusAnswer());
const replies = {
  p: { kind: 'answer', status: paperOut },
  r: { kind: 'answer', status: ready },
  s: { kind: 'silent' },
  d: { kind: 'down' },
} as const;
const states: Record<string, PrinterStatus> = {
  P: { state: stateOf(paperOut), flags: paperOut },
  R: { state: 'ready', flags: ready },
  u: { state: 'unknown', flags: null },
  U: { state: 'unreachable', flags: ready },
  X: { state: 'unreachable', flags: null },
};

describe(`printerStatus (unreachable after ${printerMissedPollsUnreachable} missed polls)`, () => {
  it(
    'follows the answers, emitting changes only',
    marbles((m) => {
      m.expect(m.hot('^pprrp', replies).pipe(printerStatus())).toBeObservable('-P-R-P', states);
    }),
  );

  it(
    'a printer that stops answering is unreachable at the second missed poll, not the first',
    marbles((m) => {
      //                 one miss (d) keeps ready; two in a row: unreachable
      m.expect(m.hot('^rdrddd', replies).pipe(printerStatus())).toBeObservable('-R---U', states);
      m.expect(m.hot('^rssr', replies).pipe(printerStatus())).toBeObservable('-R-UR', states);
    }),
  );

  it(
    'a printer that takes the connection but never answers status is "status unknown", never unreachable',
    marbles((m) => {
      m.expect(m.hot('^sssss', replies).pipe(printerStatus())).toBeObservable('', states);
      m.expect(m.hot('^dsdd', replies).pipe(printerStatus())).toBeObservable('----X', states);
    }),
  );
});

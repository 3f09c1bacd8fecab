import { describe, it } from 'vitest';
import { printerStatusPollMs, printerStatusWaitMs } from '../config';
import { marbles } from '../session/marbles';
import { hostStatusAnswer, type PrinterStatus, parseHostStatus } from './host-status';
import { pollStatus } from './poll-status';
import { printerStatus } from './printer-status';
import type { SocketWire, StatusReply } from './status-reply';

const answer = hostStatusAnswer();
const wire = { c: { kind: 'connected' }, a: { kind: 'text', text: answer } } satisfies Record<
  string,
  SocketWire
>;
const ready = parseHostStatus(answer)!;
const replies: Record<string, StatusReply> = { a: { kind: 'answer', status: ready } };
const states: Record<string, PrinterStatus> = { R: { state: 'ready', flags: ready } };

describe(`pollStatus (every ${printerStatusPollMs / 1000} s, ${printerStatusWaitMs / 1000} s to answer)`, () => {
  it(
    'asks at once and every 30 s, each query closed when it is answered',
    marbles((m) => {
      const query = m.cold('c 9ms a 1m |', wire);
      const ask = () => query;
      //                                     |------ 30 s ------|------ 30 s ------|
      m.expect(pollStatus(ask, m.scheduler), '^ 61s !').toBeObservable('10ms a 29999ms a 29999ms a', replies);
      m.expect(query).toHaveSubscriptions(['^ 9ms !', '30s ^ 9ms !', '60s ^ 9ms !']);
    }),
  );

  it(
    'a printer that stops answering after its answer at 0 s is ready at 30 s and unreachable at the poll of 60 s',
    marbles((m) => {
      let polls = 0;
      const ask = () => (polls++ === 0 ? m.cold('c a', wire) : m.cold('c'));
      //                                                       | 30 s: one miss, kept | 60 s: second miss
      m.expect(pollStatus(ask, m.scheduler).pipe(printerStatus()), '^ 90s !').toBeObservable(
        `1ms R ${printerStatusPollMs * 2 + printerStatusWaitMs - 2}ms U`,
        { ...states, U: { state: 'unreachable', flags: ready } },
      );
    }),
  );
});

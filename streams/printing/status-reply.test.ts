import { describe, it } from 'vitest';
import { printerStatusWaitMs } from '../config';
import { marbles } from '../session/marbles';
import { hostStatusAnswer, parseHostStatus } from './host-status';
import { type SocketWire, type StatusReply, statusReply, statusReplyMaxChars } from './status-reply';

const answer = hostStatusAnswer({ paperOut: true });
const wire = {
  c: { kind: 'connected' },
  a: { kind: 'text', text: answer },
  h: { kind: 'text', text: answer.slice(0, 40) },
  t: { kind: 'text', text: answer.slice(40) },
  g: { kind: 'text', text: 'garbage\r\n'.repeat(200) },
} satisfies Record<string, SocketWire>;
const replies: Record<string, StatusReply> = {
  a: { kind: 'answer', status: parseHostStatus(answer)! },
  s: { kind: 'silent' },
  d: { kind: 'down' },
};

describe(`statusReply (answer wait ${printerStatusWaitMs} ms)`, () => {
  it(
    'answers with the first complete status, also when it comes in pieces, and closes the socket',
    marbles((m) => {
      const socket = m.cold('c 99ms h 99ms t 5s |', wire);
      m.expect(socket.pipe(statusReply(printerStatusWaitMs, m.scheduler))).toBeObservable(
        '200ms (a|)',
        replies,
      );
      m.expect(socket).toHaveSubscriptions('^ 199ms !');
    }),
  );

  it(
    'is silent at the wait when the printer connected but sent no status, or only garbage',
    marbles((m) => {
      //                       |----- 2 s -----|
      const quiet = m.cold('   c 10s |', wire);
      const noisy = m.cold('   c g g g g 10s |', wire);
      m.expect(quiet.pipe(statusReply(printerStatusWaitMs, m.scheduler))).toBeObservable(
        '2000ms (s|)',
        replies,
      );
      m.expect(quiet).toHaveSubscriptions('^ 1999ms !');
      m.expect(noisy.pipe(statusReply(printerStatusWaitMs, m.scheduler))).toBeObservable(
        '2000ms (s|)',
        replies,
      );
    }),
  );

  it(
    'an answer a moment too late is not taken',
    marbles((m) => {
      const late = m.cold('c 1999ms a', wire);
      m.expect(late.pipe(statusReply(printerStatusWaitMs, m.scheduler))).toBeObservable(
        '2000ms (s|)',
        replies,
      );
    }),
  );

  it(
    'is down when the connection fails, or is not made within the wait',
    marbles((m) => {
      m.expect(m.cold('50ms #').pipe(statusReply(printerStatusWaitMs, m.scheduler))).toBeObservable(
        '50ms (d|)',
        replies,
      );
      m.expect(m.cold('5s c').pipe(statusReply(printerStatusWaitMs, m.scheduler))).toBeObservable(
        '2000ms (d|)',
        replies,
      );
      m.expect(m.cold('c 9ms |', wire).pipe(statusReply(printerStatusWaitMs, m.scheduler))).toBeObservable(
        '10ms (s|)',
        replies,
      );
    }),
  );

  it(
    `keeps only the last ${statusReplyMaxChars} characters of endless talk, and still finds an answer at its end`,
    marbles((m) => {
      const endless = m.cold('c g g g g g g g g g a', wire);
      m.expect(endless.pipe(statusReply(printerStatusWaitMs, m.scheduler))).toBeObservable(
        '10ms (a|)',
        replies,
      );
    }),
  );
});

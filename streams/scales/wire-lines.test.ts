import { describe, it } from 'vitest';
import type { SocketWire } from '../printing/status-reply';
import { marbles } from '../session/marbles';
import { scaleLineMaxChars, wireLines } from './wire-lines';

const text = (t: string): SocketWire => ({ kind: 'text', text: t });
const connected: SocketWire = { kind: 'connected' };

describe(`wireLines (lines up to ${scaleLineMaxChars} characters)`, () => {
  it(
    'splits chunks into lines at CR, LF and CR LF, a line cut between chunks whole',
    marbles((m) => {
      // the x after the last line end is no line yet
      const wire = m.cold('c a (b|)', {
        c: connected,
        a: text('ST,GS,+0012.34kg\r\nUS,GS,+00'),
        b: text('12.30kg\nS S 1 kg\rx'),
      });
      m.expect(wire.pipe(wireLines())).toBeObservable('- a (bc|)', {
        a: 'ST,GS,+0012.34kg',
        b: 'US,GS,+0012.30kg',
        c: 'S S 1 kg',
      });
    }),
  );

  it(
    'drops a line past the limit whole, also one that comes in many chunks, and goes on after it',
    marbles((m) => {
      const long = 'x'.repeat(scaleLineMaxChars);
      const wire = m.cold('a b b b (c|)', {
        a: text('ok\r\n'),
        b: text(long),
        c: text(`${long}\r\nafter\r\n${'y'.repeat(scaleLineMaxChars + 1)}\r\nlast\r\n`),
      });
      m.expect(wire.pipe(wireLines())).toBeObservable('a 3ms (bc|)', { a: 'ok', b: 'after', c: 'last' });
    }),
  );
});

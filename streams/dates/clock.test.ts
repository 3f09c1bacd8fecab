import { switchMap, take } from 'rxjs';
import { marbles } from 'rxjs-marbles';
import { describe, it } from 'vitest';
import { screenClockMs } from '../config';
import { clock$ } from './clock';

// drawn at 1 min (screenClockMs): a changed pace fails here and is drawn again
const minute = '59999ms'; // a minute after its frame

describe('clock$', () => {
  it(
    'reads the time at once, then once a minute',
    marbles((m) => {
      const expected = `a ${minute} b ${minute} (c|)`;
      m.expect(clock$(screenClockMs, m.scheduler).pipe(take(3))).toBeObservable(expected, {
        a: 0,
        b: 60_000,
        c: 120_000,
      });
    }),
  );

  it(
    'reads it as each subscriber starts, not as the clock was made',
    marbles((m) => {
      const clock = clock$(screenClockMs, m.scheduler).pipe(take(2));
      const start = m.cold('  1s (x|)');
      const expected = `      1s a ${minute} (b|)`;
      m.expect(start.pipe(switchMap(() => clock))).toBeObservable(expected, { a: 1_000, b: 61_000 });
    }),
  );
});

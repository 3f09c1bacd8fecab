import { describe, expect, it } from 'vitest';
import { sortingUndoWindowMs } from '../config';
import { marbles } from '../session/marbles';
import { undoable } from './undoable';

const t = sortingUndoWindowMs;

describe('undoable (issue 20: undo the last pallet within 10 s)', () => {
  it('holds the figure: 10 s', () => {
    expect(sortingUndoWindowMs).toBe(10_000);
  });

  it(
    'offers a pallet for the window, then lapses to null',
    marbles((m) => {
      const made = m.hot('  a', { a: 'a' });
      //                    [-------- t --------)
      const expected = `    a ${t - 1}ms n`;
      m.expect(made.pipe(undoable(t, m.scheduler))).toBeObservable(expected, { a: 'a', n: null });
    }),
  );

  it(
    'a newer pallet replaces the offer and its window starts again',
    marbles((m) => {
      const made = m.hot('  a 4999ms b', { a: 'a', b: 'b' });
      //                    [-- a's window, cut by b --)
      //                               [-------- t --------)
      const expected = `    a 4999ms b ${t - 1}ms n`;
      m.expect(made.pipe(undoable(t, m.scheduler))).toBeObservable(expected, { a: 'a', b: 'b', n: null });
    }),
  );

  it(
    'an undo ends the offer at once and tears the timer down',
    marbles((m) => {
      const made = m.hot('  a 99ms u 9999ms |', { a: 'a', u: null });
      const expected = `    a 99ms u 9999ms |`;
      m.expect(made.pipe(undoable(t, m.scheduler))).toBeObservable(expected, { a: 'a', u: null });
      m.expect(made).toHaveSubscriptions('^ 99ms - 9999ms !');
    }),
  );
});

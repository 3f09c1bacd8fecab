import { map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { optimisticMarkMs } from '../config';
import { markOptimistic, type OptimisticStep } from './mark-optimistic';
import { marbles } from './test-support';

// Events are strings naming their ids: 'ab' marks a and b.
const idsOf = (event: string) => [...event];
// a step reads as the event delivered (or -) and the marks, e.g. `ab:a@0,b@0`
const show = ({ event, marks }: OptimisticStep<string>) =>
  `${event ?? '-'}:${[...marks].map(([id, at]) => `${id}@${at}`).join()}`;
const t = optimisticMarkMs;

describe('markOptimistic (SPEC 4, 9)', () => {
  it('holds SPEC 9 figure: marks last 3 s', () => {
    expect(optimisticMarkMs).toBe(3_000);
  });

  it(
    'delivers only the last event of a batch, at once, and marks its ids for the mark time',
    marbles((m) => {
      const source = m.hot('  x |', { x: ['a', 'bc'] });
      //                      [-------- t --------)
      const expected = `      x ${t - 1}ms (y|)`;
      m.expect(source.pipe(markOptimistic(idsOf, t, m.scheduler), map(show))).toBeObservable(expected, {
        x: 'bc:b@0,c@0',
        y: '-:',
      });
      m.expect(source).toHaveSubscriptions('^ !');
    }),
  );

  it(
    'keeps a mark made again for the mark time from the newer mark, and skips empty batches',
    marbles((m) => {
      const source = m.hot('  x 99ms y 99ms z', { x: ['a'], y: ['ab'], z: [] });
      //                      [-------- t --------)   a's first mark
      //                             [-------- t --------)   a's and b's second
      const expected = `      x 99ms y ${t - 101}ms - ${99}ms w`;
      m.expect(source.pipe(markOptimistic(idsOf, t, m.scheduler), map(show))).toBeObservable(expected, {
        x: 'a:a@0',
        y: 'ab:a@100,b@100',
        w: '-:',
      });
    }),
  );

  it(
    'passes an error on at once and tears down its timers',
    marbles((m) => {
      const source = m.hot('  x #', { x: ['a'] });
      m.expect(source.pipe(markOptimistic(idsOf, t, m.scheduler), map(show))).toBeObservable('x #', {
        x: 'a:a@0',
      });
      m.expect(source).toHaveSubscriptions('^ !');
    }),
  );
});

import { marbles } from 'rxjs-marbles';
import { describe, it } from 'vitest';
import { rowHighlightMs } from '../config';
import { highlightChanges } from './highlight-changes';

// drawn at 2 s (rowHighlightMs): a changed highlight fails here and is drawn again
const lit = '1999ms'; // a highlight's length after its frame
const values = { f: false, t: true };

describe('highlightChanges', () => {
  it(
    'lights a row changed after it appeared for the highlight, not the value it appeared with',
    marbles((m) => {
      const source = m.hot(`  a ${lit} - b ${lit} - |`);
      const expected = `      f ${lit} - t ${lit} f |`;
      m.expect(source.pipe(highlightChanges(rowHighlightMs, m.scheduler))).toBeObservable(expected, values);
    }),
  );

  it(
    'starts the wait again at a newer change, and ignores the same value again',
    marbles((m) => {
      const source = m.hot(`  a b 999ms c ${lit} - c |`);
      const expected = `      f t 999ms - ${lit} f - |`;
      m.expect(source.pipe(highlightChanges(rowHighlightMs, m.scheduler))).toBeObservable(expected, values);
    }),
  );
});

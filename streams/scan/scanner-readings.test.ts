import { map, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { marbles } from 'rxjs-marbles';
import { describe, it } from 'vitest';
import { scannerKeyGapMs } from '../config';
import { scannerMinLength, scannerReadings } from './scanner-readings';

// Keys as marbles: each letter is its key, E is Enter, S is Shift. A run-mode frame is 1 ms; each
// key is stamped with the virtual time it arrives at, as the browser stamps when it was pressed.
const keys = { a: 'a', b: 'b', c: 'c', d: 'd', e: 'e', f: 'f', E: 'Enter', S: 'Shift' };
// drawn at 50 ms (scannerKeyGapMs): a changed pace fails here and is drawn again
const gap = '49ms'; // just inside the scanner's pace
const slow = '51ms'; // just outside it: a person
const read = (keys$: Observable<string>, scheduler: TestScheduler) =>
  keys$.pipe(
    map((key) => ({ key, at: scheduler.now() })),
    scannerReadings(scannerKeyGapMs, scannerMinLength),
  );

describe('scannerReadings', () => {
  it(
    'reads a fast run of keys closed by Enter as one scan',
    marbles((m) => {
      const source = m.hot(`  a ${gap} b ${gap} c ${gap} d ${gap} e ${gap} f ${gap} E |`, keys);
      const expected = `      - ${gap} - ${gap} - ${gap} - ${gap} - ${gap} - ${gap} x |`;
      m.expect(read(source, m.scheduler)).toBeObservable(expected, { x: 'abcdef' });
      //                    a..E is 6 × 50 ms, then the completion
      m.expect(source).toHaveSubscriptions('^ 300ms !');
    }),
  );

  it(
    'ignores the same keys typed at a person’s pace',
    marbles((m) => {
      const source = m.hot(`  a ${slow} b ${slow} c ${slow} d ${slow} e ${slow} f ${slow} E |`, keys);
      const expected = `      - ${slow} - ${slow} - ${slow} - ${slow} - ${slow} - ${slow} - |`;
      m.expect(read(source, m.scheduler)).toBeObservable(expected);
    }),
  );

  it(
    'starts a new run after a pause, and needs the minimum length',
    marbles((m) => {
      // a b typed slowly, then a fast run of five: one short of the minimum
      const source = m.hot(`  a ${slow} b ${slow} c ${gap} d ${gap} e ${gap} f ${gap} a E`, keys);
      const expected = `      - ${slow} - ${slow} - ${gap} - ${gap} - ${gap} - ${gap} - -`;
      m.expect(read(source, m.scheduler)).toBeObservable(expected);
    }),
  );

  it(
    'lets Shift pass inside a reading and passes errors through',
    marbles((m) => {
      const source = m.hot(`  a b S c d e f E #`, keys);
      const expected = `      - - - - - - - x #`;
      m.expect(read(source, m.scheduler)).toBeObservable(expected, { x: 'abcdef' });
    }),
  );
});

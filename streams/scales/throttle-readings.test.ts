import { describe, expect, it } from 'vitest';
import { scaleReadingsPerSecond } from '../config';
import { marbles } from '../session/marbles';
import { throttleReadings } from './throttle-readings';

describe(`throttleReadings (at most ${scaleReadingsPerSecond} a second)`, () => {
  it('holds the figure: 5 a second', () => {
    expect(scaleReadingsPerSecond).toBe(5);
  });

  it(
    'passes the first at once, then the latest of each 200 ms, and never drops the last',
    marbles((m) => {
      // a scale sending every 50 ms
      const scale = m.hot('a 49ms b 49ms c 49ms d 49ms e 49ms f 49ms g 49ms h 49ms i 300ms |');
      m.expect(scale.pipe(throttleReadings(scaleReadingsPerSecond, m.scheduler))).toBeObservable(
        'a 199ms e 199ms i 300ms |',
      );
    }),
  );

  it(
    'a slow scale passes unchanged',
    marbles((m) => {
      const scale = m.hot('a 299ms b 299ms c 300ms |');
      m.expect(scale.pipe(throttleReadings(scaleReadingsPerSecond, m.scheduler))).toBeObservable(
        'a 299ms b 299ms c 300ms |',
      );
    }),
  );
});

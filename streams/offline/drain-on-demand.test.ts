import { describe, it } from 'vitest';
import { marbles } from '../session/marbles';
import { drainOnDemand } from './drain-on-demand';

describe('drainOnDemand', () => {
  it(
    'runs one drain at a time, and one more after it for any triggers that came meanwhile',
    marbles((m) => {
      const triggers = m.hot('  ttt------t----|');
      const drain = m.cold('    ---(d|)');
      //                        [--)                     first drain
      //                           [--)                  one more for the two triggers during it
      //                                 [--)            a later trigger, a drain of its own
      const expected = '        ---d--d-----d-|';
      m.expect(triggers.pipe(drainOnDemand(() => drain))).toBeObservable(expected);
      m.expect(drain).toHaveSubscriptions(['^--!', '---^--!', '---------^--!']);
    }),
  );

  it(
    'waits for a running drain to end before it completes',
    marbles((m) => {
      const triggers = m.hot('  t-|');
      const drain = m.cold('    ----(d|)');
      m.expect(triggers.pipe(drainOnDemand(() => drain))).toBeObservable('----(d|)');
    }),
  );
});

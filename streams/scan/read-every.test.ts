import { take } from 'rxjs';
import { marbles } from 'rxjs-marbles';
import { describe, it } from 'vitest';
import { cameraDetectEveryMs } from '../config';
import { readEvery } from './read-every';

// drawn at 100 ms (cameraDetectEveryMs): a changed pace fails here and is drawn again

describe('readEvery', () => {
  it(
    'reads at once, then 100 ms after each read has ended',
    marbles((m) => {
      // each read takes 2 ms to answer
      const read = m.cold('  --(a|)');
      //                       |read|-- 100 ms --|read|-- 100 ms --|read|
      const expected = `      --a 101ms a 101ms (a|)`;
      m.expect(readEvery(() => read, cameraDetectEveryMs, m.scheduler).pipe(take(3))).toBeObservable(
        expected,
      );
      m.expect(read).toHaveSubscriptions(['^-!', '102ms ^-!', '204ms ^-!']);
    }),
  );

  it(
    'waits for a slow read before the pause starts',
    marbles((m) => {
      const read = m.cold('  150ms (a|)');
      const expected = `      150ms a 249ms (a|)`;
      m.expect(readEvery(() => read, cameraDetectEveryMs, m.scheduler).pipe(take(2))).toBeObservable(
        expected,
      );
      m.expect(read).toHaveSubscriptions(['^ 149ms !', '250ms ^ 149ms !']);
    }),
  );

  it(
    'stops reading when unsubscribed, mid-pause',
    marbles((m) => {
      const read = m.cold('  -(a|)');
      const unsubscribe = ' 50ms !';
      m.expect(
        readEvery(() => read, cameraDetectEveryMs, m.scheduler),
        unsubscribe,
      ).toBeObservable('-a');
      m.expect(read).toHaveSubscriptions(['^!']);
    }),
  );
});

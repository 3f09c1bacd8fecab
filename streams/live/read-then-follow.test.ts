import { describe, it } from 'vitest';
import { marbles } from '../session/marbles';
import { type ReadState, readThenFollow } from './read-then-follow';

type Ready = { status: 'ready'; value: string };
const ready = (value: string): Ready => ({ status: 'ready', value });
const ofHere = (value: string | null): value is string => value !== null && value !== 'elsewhere';
const states: Record<string, ReadState<Ready>> = {
  l: { status: 'loading' },
  r: ready('read'),
  a: ready('a'),
  b: ready('b'),
  f: { status: 'failed', error: 'refused' },
};

describe('readThenFollow', () => {
  it(
    'loading, the read, then each live change; the store’s value from before the read only if it is of here',
    marbles((m) => {
      const read = m.cold('---r|', { r: ready('read') });
      const live = m.hot('^n---a--x--b', { n: null, a: 'a', x: 'elsewhere', b: 'b' });
      m.expect(readThenFollow(read, live, ofHere, ready)).toBeObservable('l--r-a-----b', states);
    }),
  );

  it(
    'a change arriving while the read is on its way is newer than its answer: the answer is dropped',
    marbles((m) => {
      const read = m.cold('-----r|', { r: ready('read') });
      const live = m.hot('^n-a-----b', { n: null, a: 'a', b: 'b' });
      m.expect(readThenFollow(read, live, ofHere, ready)).toBeObservable('l--a-----b', states);
    }),
  );

  it(
    'a failed read says so, and live changes still follow',
    marbles((m) => {
      const read = m.cold('--#', undefined, 'refused');
      const live = m.hot('^n----a', { n: null, a: 'a' });
      m.expect(readThenFollow(read, live, ofHere, ready)).toBeObservable('l-f---a', states);
    }),
  );
});

import { map } from 'rxjs';
import { describe, it } from 'vitest';
import { forLocation } from './for-location';
import { normaliseMessage } from './normalise';
import { label, marbles } from './test-support';
import type { LiveEvent } from './types';

const event = (id: string, locationId?: string) =>
  normaliseMessage(
    { event: 'update', id: null, data: { type: 'pallet', action: 'add', pallets: [{ id }], locationId } },
    0,
  ) as LiveEvent;

describe('forLocation', () => {
  it(
    "keeps the location's events and those naming none, drops another location's (SPEC 4, 5)",
    marbles((m) => {
      const source = m.cold('  a b c |', { a: event('a', 'L1'), b: event('b', 'L2'), c: event('c') });
      m.expect(source.pipe(forLocation('L1'), map(label))).toBeObservable('a - c |');
      m.expect(source).toHaveSubscriptions('^ 2ms !');
    }),
  );

  it(
    'passes an error on and tears down',
    marbles((m) => {
      const source = m.cold('  a #', { a: event('a', 'L1') });
      m.expect(source.pipe(forLocation('L1'), map(label))).toBeObservable('a #');
      m.expect(source).toHaveSubscriptions('^ !');
    }),
  );
});

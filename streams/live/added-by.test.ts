import { describe, expect, it } from 'vitest';
import { addedBy } from './added-by';
import { normaliseMessage } from './normalise';
import { applyEvents, emptyProjection, projectionOf } from './projection';
import { marbles, palletMessage } from './test-support';
import type { LiveEvent } from './types';

const snapshot = projectionOf(
  {
    pallets: [
      { id: 'a', addedBy: 'u1' },
      { id: 'b', addedBy: 'u2' },
      { id: 'c', addedBy: 'u1' },
      { id: 'd' },
    ],
    orders: [],
    zones: [],
  },
  0,
  emptyProjection.pendingZones,
  [],
  0,
);
const batch = (from: typeof snapshot, id: string, by: string) =>
  applyEvents(from, [normaliseMessage(palletMessage(id, 'add', { addedBy: by }), 0) as LiveEvent], 0);

describe('addedBy', () => {
  it(
    'walks every pallet at first, even when the state it starts from names only a batch’s pallets',
    marbles((m) => {
      const afterBatch = batch(snapshot, 'e', 'u1');
      expect(afterBatch.changedPallets).toEqual(['e']);
      const states = m.cold('  a', { a: afterBatch });
      const expected = '       x';
      m.expect(states.pipe(addedBy())).toBeObservable(expected, { x: ['u1', 'u2'] });
    }),
  );

  it(
    'gives a new list only when a batch brings someone new; a snapshot walks all again',
    marbles((m) => {
      const known = batch(snapshot, 'e', 'u2');
      const someoneNew = batch(known, 'f', 'u3');
      const reloaded = { ...someoneNew, changedPallets: null };
      //                        snapshot  batch of known people  someone new  snapshot, same people
      const states = m.cold('  a         b                      c            d', {
        a: snapshot,
        b: known,
        c: someoneNew,
        d: reloaded,
      });
      const expected = '       x         -                      y            -';
      m.expect(states.pipe(addedBy())).toBeObservable(expected, { x: ['u1', 'u2'], y: ['u1', 'u2', 'u3'] });
    }),
  );
});

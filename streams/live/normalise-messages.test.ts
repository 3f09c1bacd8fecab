import { map } from 'rxjs';
import { describe, it } from 'vitest';
import { normaliseMessages } from './normalise-messages';
import { label, marbles, palletMessage, update } from './test-support';

describe('normaliseMessages', () => {
  it(
    'reads live updates in any spelling, stamps them with their arrival, and drops what is none',
    marbles((m) => {
      const source = m.hot('  a b c d 96ms e |', {
        a: palletMessage('a'),
        b: { event: 'heartbeat', id: null, data: {} },
        c: { event: 'message', id: null, data: 'plain words' },
        d: update({ type: 'weather', action: 'add' }),
        e: update({ type: 'order', action: 'add', order: { id: 'e' } }),
      });
      const expected = '      a 99ms e |';
      m.expect(source.pipe(normaliseMessages(m.scheduler), map(label))).toBeObservable(expected);
      m.expect(
        source.pipe(
          normaliseMessages(m.scheduler),
          map((event) => event.at),
        ),
      ).toBeObservable(expected, { a: 0, e: 100 });
      m.expect(source).toHaveSubscriptions(['^ 100ms !', '^ 100ms !']);
    }),
  );

  it(
    'passes an error on and tears down',
    marbles((m) => {
      const source = m.cold('  a #', { a: palletMessage('a') });
      m.expect(source.pipe(normaliseMessages(m.scheduler), map(label))).toBeObservable('a #');
      m.expect(source).toHaveSubscriptions('^ !');
    }),
  );
});

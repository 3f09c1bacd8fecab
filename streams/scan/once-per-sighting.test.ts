import { marbles } from 'rxjs-marbles';
import { describe, it } from 'vitest';
import { sameCodeMs } from '../config';
import { oncePerSighting } from './once-per-sighting';

// drawn at 2 s (sameCodeMs): a changed window fails here and is drawn again
const held = '999ms'; // readings 1 s apart: the label never left the picture
const justInside = '1998ms'; // the next reading 1999 ms after the last: still the same sighting
const away = '1999ms'; // the next reading 2000 ms after the last: shown again

describe('oncePerSighting', () => {
  it(
    'reads a label held in view once, however long it is held',
    marbles((m) => {
      const source = m.hot(`  a ${held} a ${held} a ${held} a |`);
      const expected = `      a ${held} - ${held} - ${held} - |`;
      m.expect(source.pipe(oncePerSighting(sameCodeMs, m.scheduler))).toBeObservable(expected);
      m.expect(source).toHaveSubscriptions('^ 3000ms !');
    }),
  );

  it(
    'reads it again once it has been out of view for the window, not a millisecond sooner',
    marbles((m) => {
      const source = m.hot(`  a ${justInside} a ${away} a |`);
      const expected = `      a ${justInside} - ${away} a |`;
      m.expect(source.pipe(oncePerSighting(sameCodeMs, m.scheduler))).toBeObservable(expected);
    }),
  );

  it(
    'reads another label at once, and passes errors through',
    marbles((m) => {
      const source = m.hot(`  a b a #`);
      const expected = `      a b a #`;
      m.expect(source.pipe(oncePerSighting(sameCodeMs, m.scheduler))).toBeObservable(expected);
    }),
  );
});

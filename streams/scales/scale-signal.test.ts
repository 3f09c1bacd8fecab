import { describe, expect, it } from 'vitest';
import { scaleSilentMs } from '../config';
import { marbles } from '../session/marbles';
import { type ScaleSignal, scaleSignal } from './scale-signal';
import type { ScaleWeight } from './stable-weight';

const a: ScaleWeight = { weightKg: 12.3, stable: false, at: 0 };
const b: ScaleWeight = { weightKg: 12.34, stable: true, at: 0 };
const signals: Record<string, ScaleSignal> = {
  a: { kind: 'reading', reading: a },
  b: { kind: 'reading', reading: b },
  s: { kind: 'silent' },
};

describe(`scaleSignal (silent after ${scaleSilentMs} ms)`, () => {
  it('holds the figure: 3 s', () => {
    expect(scaleSilentMs).toBe(3_000);
  });

  it(
    'passes each weight; 3 s after the last one the scale is silent, and the next weight ends it',
    marbles((m) => {
      const scale = m.hot('a 199ms b 4999ms a', { a, b });
      //                           |--- 3 s ---|
      m.expect(scale.pipe(scaleSignal(scaleSilentMs, m.scheduler)), '^ 6s !').toBeObservable(
        'a 199ms b 2999ms s 1999ms a',
        signals,
      );
    }),
  );

  it(
    'a scale that never sends is silent 3 s after it was opened',
    marbles((m) => {
      const scale = m.hot('-');
      m.expect(scale.pipe(scaleSignal(scaleSilentMs, m.scheduler)), '^ 5s !').toBeObservable('3s s', signals);
    }),
  );

  it(
    'a weight a moment before the 3 s keeps it talking',
    marbles((m) => {
      const scale = m.hot('a 2998ms b', { a, b });
      m.expect(scale.pipe(scaleSignal(scaleSilentMs, m.scheduler)), '^ 5s !').toBeObservable(
        'a 2998ms b',
        signals,
      );
    }),
  );
});

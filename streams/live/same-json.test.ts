import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJson } from './same-json';

// small pieces, so that two values drawn apart are often written the same
const values = fc.anything({
  maxDepth: 3,
  key: fc.constantFrom('a', 'b', '1', 'toJSON'),
  values: [
    fc.constantFrom(0, -0, 1, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, 'a', '1', true),
    fc.func(fc.constant(1)),
  ],
  withDate: true,
  withNullPrototype: true,
  withBoxedValues: true,
  withSparseArray: true,
});

describe('sameJson', () => {
  it('answers as comparing the two JSON texts would', () => {
    fc.assert(
      fc.property(values, values, (a, b) => {
        expect(sameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        expect(sameJson(a, structuredCloneJson(a))).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });

  it('leaves out the skipped top-level fields of two objects', () => {
    expect(sameJson({ id: 1, at: 2, x: [1] }, { id: 3, at: 4, x: [1] }, ['id', 'at'])).toBe(true);
    expect(sameJson({ id: 1, x: { id: 2 } }, { id: 1, x: { id: 3 } }, ['id'])).toBe(false);
    expect(sameJson({ x: 1, id: 1 }, { id: 2, y: 1 }, ['id'])).toBe(false);
  });
});

/** A copy JSON would write the same: the JSON text read back, or the value itself when it writes nothing. */
function structuredCloneJson(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? value : JSON.parse(text);
}

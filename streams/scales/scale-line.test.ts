import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScaleLine, scaleLine, scaleProtocols } from './scale-line';

const at = 1_700_000_000_000;

describe('parseScaleLine: MT-SICS replies to SI', () => {
  const read = (line: string) => parseScaleLine('mt-sics', line, at);

  it('reads a stable and a dynamic weight', () => {
    expect(read('S S      12.34 kg')).toEqual({ weightKg: 12.34, stable: true, at });
    expect(read('S D      12.30 kg\r')).toEqual({ weightKg: 12.3, stable: false, at });
    expect(read('S S     -0.02 kg')).toEqual({ weightKg: -0.02, stable: true, at });
    expect(read('S S    1234.5 g')).toEqual({ weightKg: 1.2345, stable: true, at });
    expect(read('S S      0.00 kg')).toEqual({ weightKg: 0, stable: true, at });
  });

  it('finds no weight in error replies: busy, overload, underload, not understood', () => {
    for (const line of ['S I', 'S +', 'S -', 'ES', 'ET', 'EL', 'S S', 'S X 12.34 kg', 'S S 12.34 pcs'])
      expect(read(line)).toBeNull();
  });

  it('does not take a continuous line for an MT-SICS one', () => {
    expect(read('ST,GS,+0012.34kg')).toBeNull();
  });
});

describe('parseScaleLine: continuous output of indicators', () => {
  const read = (line: string) => parseScaleLine('continuous', line, at);

  it('reads stable and unstable, gross and net', () => {
    expect(read('ST,GS,+0012.34kg')).toEqual({ weightKg: 12.34, stable: true, at });
    expect(read('US,GS,+0012.30kg\r')).toEqual({ weightKg: 12.3, stable: false, at });
    expect(read('ST,NT,-0000.50kg')).toEqual({ weightKg: -0.5, stable: true, at });
    expect(read('\x02ST,GS,+  12.34 kg\x03')).toEqual({ weightKg: 12.34, stable: true, at });
  });

  it('a line without a stable flag is a reading whose stability is not said', () => {
    expect(read('GS,+0012.34kg')).toEqual({ weightKg: 12.34, stable: undefined, at });
    expect(read('+0012.34kg')).toEqual({ weightKg: 12.34, stable: undefined, at });
  });

  it('finds no weight in an overload, a cut line or garbage', () => {
    for (const line of ['OL,GS,+9999.99kg', 'ST,GS,+0012.', 'ST,GS,', '', 'hello', 'ST,GS,+0012.34xyz'])
      expect(read(line)).toBeNull();
    expect(read(`ST,GS,+${'1'.repeat(500)}kg`)).toBeNull();
  });
});

describe('scaleLine', () => {
  it('writes what parseScaleLine reads back, in both protocols', () => {
    for (const protocol of scaleProtocols)
      for (const [weightKg, stable] of [
        [12.34, true],
        [-0.5, false],
      ] as const)
        expect(parseScaleLine(protocol, scaleLine(protocol, weightKg, stable), at)).toEqual({
          weightKg,
          stable,
          at,
        });
    expect(scaleLine('mt-sics', 12.34, true)).toBe('S S      12.34 kg\r\n');
    expect(scaleLine('continuous', 12.3, false)).toBe('US,GS,+0012.30kg\r\n');
  });

  it('never throws, and any weight it finds is a finite number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...scaleProtocols),
        fc.string({ unit: 'binary', maxLength: 200 }),
        (p, line) => {
          const reading = parseScaleLine(p, line, at);
          expect(reading === null || Number.isFinite(reading.weightKg)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

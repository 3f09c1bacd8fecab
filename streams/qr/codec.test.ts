import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePalletQr, encodePalletQr } from './codec';

describe('pallet QR codec (SPEC 3, 5)', () => {
  it('encodes a JSON object holding only the id', () => {
    expect(encodePalletQr('0f9c2a4e-1b7d-4c8e-9a3f-5d6e7f8a9b0c')).toBe(
      '{"id":"0f9c2a4e-1b7d-4c8e-9a3f-5d6e7f8a9b0c"}',
    );
  });

  it.each([[''], ['   '], [undefined as unknown as string], [42 as unknown as string]])(
    'refuses the pallet id %j with the SPEC message',
    (id) => {
      expect(() => encodePalletQr(id)).toThrow('Invalid pallet ID for QR code generation');
    },
  );

  it.each([
    ['{"id":"p-1"}', 'p-1'],
    [' {"id": 17} ', '17'],
    ['MA:p-2', 'p-2'],
    ['MA p-3', 'p-3'],
    ['MAp-4', 'p-4'],
    ['  p-5 \n', 'p-5'],
    ['{"name":"x"}', '{"name":"x"}'],
    ['{"id":""}', '{"id":""}'],
    ['{broken', '{broken'],
    ['   ', null],
    ['MA:', null],
  ])('decodes %j as %j', (scan, id) => {
    expect(decodePalletQr(scan)).toBe(id);
  });

  it('decodes whatever it encodes', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((id) => id.trim() === id && id !== ''),
        (id) => decodePalletQr(encodePalletQr(id)) === id,
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { findPalletId } from './find-pallet';

const ids = ['0192f3a4-5b6c-7d8e-9f00-112233445566', '0193aaaa-0000-7000-8000-000000000001'];

describe('findPalletId', () => {
  it('finds the pallet a scanned label names, in each of SPEC 3 forms', () => {
    expect(findPalletId(`{"id":"${ids[0]}"}`, ids)).toBe(ids[0]);
    expect(findPalletId(`MA:${ids[1]}`, ids)).toBe(ids[1]);
    expect(findPalletId(`MA${ids[1]}`, ids)).toBe(ids[1]);
    expect(findPalletId(`  ${ids[0]} `, ids)).toBe(ids[0]);
  });

  it('finds a pallet by the end of its id, as the board shows it, or by its start', () => {
    expect(findPalletId('33445566', ids)).toBe(ids[0]);
    expect(findPalletId('00000001', ids)).toBe(ids[1]);
    expect(findPalletId('0192F3A4', ids)).toBe(ids[0]);
    expect(findPalletId('0193', ids)).toBe(ids[1]);
    expect(findPalletId('019', ids)).toBeNull();
  });

  it('answers null for a pallet that is not here', () => {
    expect(findPalletId('{"id":"elsewhere"}', ids)).toBeNull();
    expect(findPalletId('   ', ids)).toBeNull();
  });
});

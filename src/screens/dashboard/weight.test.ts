import { describe, expect, it } from 'vitest';
import { readWeight } from './weight';

describe('readWeight', () => {
  it('reads kilograms with a dot or a comma', () => {
    expect(readWeight(' 512.5 ')).toEqual({ kg: 512.5 });
    expect(readWeight('612,25')).toEqual({ kg: 612.25 });
  });
  it('says what is wrong with anything else', () => {
    expect(readWeight('')).toEqual({ error: 'Enter the weight in kg' });
    expect(readWeight('heavy')).toEqual({ error: 'The weight must be a number of kg, like 512.5' });
    expect(readWeight('0')).toEqual({ error: 'The weight must be between 0.01 and 10,000 kg' });
    expect(readWeight('10000.01')).toEqual({ error: 'The weight must be between 0.01 and 10,000 kg' });
    expect(readWeight('1.005')).toEqual({ error: 'The weight takes at most two decimals' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatsOf } from '../i18n/format';
import { i18n } from '../i18n/i18n';
import { readNumber, readWeight } from './weight';

const en = formatsOf('en');
const nl = formatsOf('nl');

describe('readNumber', () => {
  it('reads English: a point for decimals, commas grouping thousands', () => {
    expect(readNumber('512.5', en)).toBe(512.5);
    expect(readNumber('1,234.5', en)).toBe(1234.5);
    expect(readNumber('1234', en)).toBe(1234);
    expect(readNumber('1,234', en)).toBe(1234);
    // a comma that cannot group is the decimal mark
    expect(readNumber('612,25', en)).toBe(612.25);
  });
  it('reads Dutch: a comma for decimals, points grouping thousands', () => {
    expect(readNumber('1.234,5', nl)).toBe(1234.5);
    expect(readNumber('512,5', nl)).toBe(512.5);
    expect(readNumber('1.234', nl)).toBe(1234);
    expect(readNumber('512.5', nl)).toBe(512.5);
  });
  it('reads nothing it would have to guess', () => {
    expect(readNumber('1.234,5', en)).toBeNull();
    expect(readNumber('1,234.5', nl)).toBeNull();
    expect(readNumber('1,23,4', en)).toBeNull();
    expect(readNumber('12.34.5', nl)).toBeNull();
    expect(readNumber('heavy', en)).toBeNull();
    expect(readNumber('-5', en)).toBeNull();
  });
});

describe('readWeight', () => {
  it('reads kilograms as the language writes them', () => {
    expect(readWeight(' 512.5 ', en)).toEqual({ kg: 512.5 });
    expect(readWeight('612,25', en)).toEqual({ kg: 612.25 });
    expect(readWeight('1.234,5', nl)).toEqual({ kg: 1234.5 });
  });
  it('says in English what is wrong with anything else', () => {
    expect(readWeight('', en)).toEqual({ error: 'Enter the weight in kg' });
    expect(readWeight('heavy', en)).toEqual({
      error: 'Could not read “heavy” as a weight: write it like 1,234.5',
    });
    expect(readWeight('1.234,5', en)).toEqual({
      error: 'Could not read “1.234,5” as a weight: write it like 1,234.5',
    });
    expect(readWeight('0', en)).toEqual({ error: 'The weight must be between 0.01 and 10,000 kg' });
    expect(readWeight('10000.01', en)).toEqual({ error: 'The weight must be between 0.01 and 10,000 kg' });
    expect(readWeight('1.005', en)).toEqual({ error: 'The weight takes at most two decimals' });
  });

  describe('in Dutch', () => {
    beforeAll(() => i18n.changeLanguage('nl'));
    afterAll(() => i18n.changeLanguage('en'));
    it('says in Dutch what is wrong, with Dutch numbers', () => {
      expect(readWeight('', nl)).toEqual({ error: 'Vul het gewicht in kg in' });
      expect(readWeight('1,234.5', nl)).toEqual({
        error: '“1,234.5” is niet te lezen als gewicht: schrijf het als 1.234,5',
      });
      expect(readWeight('0', nl)).toEqual({ error: 'Het gewicht moet tussen 0,01 en 10.000 kg liggen' });
      expect(readWeight('1,005', nl)).toEqual({ error: 'Het gewicht heeft hoogstens twee decimalen' });
    });
    it('reads with the language the app shows when not told', () => {
      expect(readWeight('1.234,5')).toEqual({ kg: 1234.5 });
    });
  });
});

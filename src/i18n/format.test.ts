import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formats, formatsOf } from './format';
import { i18n } from './i18n';

const en = formatsOf('en');
const nl = formatsOf('nl');
// a Friday afternoon in week 48, local time
const friday = new Date(2026, 10, 27, 14, 5);
const minute = 60_000;

describe('formats', () => {
  it('writes numbers and kg as each language does', () => {
    expect(nl.kg(1234.5, 1)).toBe('1.234,5 kg');
    expect(en.kg(1234.5, 1)).toBe('1,234.5 kg');
    expect(nl.kg(12480)).toBe('12.480 kg');
    expect(en.number(10000)).toBe('10,000');
    expect(nl.number(10000)).toBe('10.000');
    expect(nl.weight(512.5)).toBe('512,50 kg');
    expect(en.weight(1234.5)).toBe('1,234.50 kg');
  });

  it('writes dates and times as each language does, on a 24-hour clock', () => {
    expect(nl.date(friday)).toBe('27 nov 2026');
    expect(en.date(friday)).toBe('27 Nov 2026');
    expect(nl.day(friday)).toBe('vr 27 nov');
    expect(en.day(friday)).toBe('Fri 27 Nov');
    expect(nl.time(friday)).toBe('14:05');
    expect(en.time(friday)).toBe('14:05');
    expect(nl.dateTime(friday)).toBe('27 nov 2026, 14:05');
    expect(en.dateTime(friday)).toBe('27 Nov 2026, 14:05');
  });

  it('says how long ago, in the largest whole unit', () => {
    const now = friday.getTime();
    expect(nl.ago(now - 2 * minute, now)).toBe('2 min. geleden');
    expect(en.ago(now - 2 * minute, now)).toBe('2 min ago');
    expect(en.ago(now - 10_000, now)).toBe('now');
    expect(nl.ago(now - 10_000, now)).toBe('nu');
    expect(en.ago(now - 5 * 60 * minute, now)).toBe('5 hours ago');
    expect(nl.ago(now - 3 * 24 * 60 * minute, now)).toBe('3 dagen geleden');
  });

  it('joins lists as each language does', () => {
    expect(nl.list(['Naaldwijk', 'Maasland', 'Westland'])).toBe('Naaldwijk, Maasland en Westland');
    expect(en.list(['Naaldwijk', 'Maasland'])).toBe('Naaldwijk and Maasland');
  });

  it('knows the separators people type', () => {
    expect(nl.separators).toEqual({ decimal: ',', group: '.' });
    expect(en.separators).toEqual({ decimal: '.', group: ',' });
  });

  it('counts ISO weeks as planners do', async () => {
    await i18n.loadLanguages('nl');
    expect(nl.week(friday)).toBe('week 48');
    expect(en.week(new Date(2027, 0, 1))).toBe('week 53');
    expect(en.week(new Date(2026, 0, 1))).toBe('week 1');
  });

  it('formats in the pseudo-language as in English', () => {
    expect(formatsOf('pseudo').kg(1234.5, 1)).toBe('1,234.5 kg');
  });

  describe('of the language the app shows', () => {
    beforeAll(() => i18n.changeLanguage('nl'));
    afterAll(() => i18n.changeLanguage('en'));
    it('follows a change of language', () => {
      expect(formats().kg(1234.5, 1)).toBe('1.234,5 kg');
    });
  });
});

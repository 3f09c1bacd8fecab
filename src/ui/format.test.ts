import { describe, expect, it } from 'vitest';
import { formatsOf } from '../i18n/format';
import { ageText, placeText, shortId, totalKgText } from './format';

describe('dashboard formats', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('writes ages in the largest whole unit, in the language asked for', () => {
    expect(ageText('2026-11-24T11:59:30Z', now)).toBe('now');
    expect(ageText('2026-11-24T11:48:00Z', now)).toBe('12 min ago');
    expect(ageText('2026-11-24T07:00:00Z', now)).toBe('5 hours ago');
    expect(ageText('2026-11-21T12:00:00Z', now)).toBe('3 days ago');
    expect(ageText('2026-11-24T11:48:00Z', now, formatsOf('nl'))).toBe('12 min. geleden');
    expect(ageText(undefined, now)).toBe('-');
  });
  it('counts rows from 1 and leaves a dash where a pallet is not stored', () => {
    expect(placeText('Cold store A', 1)).toBe('Cold store A · Row 2');
    expect(placeText('Hall C', undefined)).toBe('Hall C');
    expect(placeText(null, 0)).toBe('-');
  });
  it('shortens ids and groups kilograms', () => {
    expect(shortId('0192f3a4-5b6c-7d8e-9f00-112233445566')).toBe('33445566');
    expect(totalKgText(12480.4)).toBe('12,480 kg');
  });
});

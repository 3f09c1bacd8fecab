import { describe, expect, it } from 'vitest';
import { initialDateSettings, isoWeek } from './settings';
import { dateRangeWindow, dayWindow, weekMonday } from './windows';

const at = (year: number, month: number, day: number, hour = 0) =>
  new Date(year, month - 1, day, hour).getTime();

describe('date range windows', () => {
  const settings = { ...initialDateSettings(at(2026, 11, 25, 9)), selectedDay: '2026-11-20' };

  it('opens each ISO week on its Monday, across year ends', () => {
    expect(weekMonday(48, 2026)).toBe('2026-11-23');
    expect(weekMonday(1, 2025)).toBe('2024-12-30');
    expect(weekMonday(53, 2020)).toBe('2020-12-28');
    for (const day of ['2026-01-01', '2027-01-03', '2024-12-30']) {
      const { week, year } = isoWeek(day);
      expect(isoWeek(weekMonday(week, year))).toEqual({ week, year });
    }
  });

  it('covers the selected day from local midnight to the next', () => {
    expect(dateRangeWindow('day', settings)).toEqual({ fromMs: at(2026, 11, 20), toMs: at(2026, 11, 21) });
    expect(dayWindow('2026-11-20')).toEqual(dateRangeWindow('day', settings));
  });

  it('covers the selected week from Monday to Monday, whatever day is selected', () => {
    // the week stays the current one (48) while an earlier day is selected
    expect(dateRangeWindow('week', settings)).toEqual({ fromMs: at(2026, 11, 23), toMs: at(2026, 11, 30) });
  });

  it('covers the 30 days that end with the selected day', () => {
    expect(dateRangeWindow('month', settings)).toEqual({ fromMs: at(2026, 10, 22), toMs: at(2026, 11, 21) });
  });

  it('leaves any time open', () => {
    expect(dateRangeWindow('all', settings)).toBeNull();
    expect(dateRangeWindow('', settings)).toBeNull();
  });
});

import { map, ReplaySubject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createDateSettings, dayKey, initialDateSettings, isoWeek, rollover } from './settings';

const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime();

describe('date helpers', () => {
  it('formats the local day', () => {
    expect(dayKey(at(2026, 3, 7, 0, 1))).toBe('2026-03-07');
  });

  it.each([
    ['2026-01-01', 1, 2026],
    ['2027-01-01', 53, 2026],
    ['2024-12-30', 1, 2025],
    ['2026-11-22', 47, 2026],
    ['2020-12-31', 53, 2020],
  ])('%s is ISO week %i of %i', (day, week, year) => {
    expect(isoWeek(day)).toEqual({ week, year });
  });

  it('starts on today in auto mode', () => {
    expect(initialDateSettings(at(2026, 11, 22))).toEqual({
      mode: 'auto',
      manualDate: null,
      selectedDay: '2026-11-22',
      selectedWeek: 47,
      selectedYear: 2026,
      lastActiveDate: '2026-11-22',
      isCurrentDay: true,
      isCurrentWeek: true,
    });
  });
});

describe('day rollover (SPEC 4)', () => {
  it('keeps the settings during the same day', () => {
    const settings = { ...initialDateSettings(at(2026, 11, 22, 8)), selectedDay: '2026-11-20' };
    expect(rollover(settings, at(2026, 11, 22, 23, 59))).toBe(settings);
  });

  it('resets the selected day and week on a new day, keeping the mode', () => {
    const settings = {
      ...initialDateSettings(at(2026, 11, 22, 8)),
      mode: 'manual' as const,
      manualDate: '2026-11-01',
      selectedDay: '2026-11-01',
      selectedWeek: 44,
      isCurrentDay: false,
      isCurrentWeek: false,
    };
    expect(rollover(settings, at(2026, 11, 23, 0, 5))).toEqual({
      ...settings,
      selectedDay: '2026-11-23',
      selectedWeek: 48,
      selectedYear: 2026,
      lastActiveDate: '2026-11-23',
      isCurrentDay: true,
      isCurrentWeek: true,
    });
  });
});

describe('createDateSettings', () => {
  it('checks every dateSettingsCheckIntervalMs (15 min) and resets the selection at the first check of a new day', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ expectObservable }) => {
      const start = new Date(0);
      const midnight = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1).getTime();
      const opened = midnight - 60_000; // the settings start one minute before a local midnight
      const days = new ReplaySubject<string>();
      scheduler.schedule(() => {
        const store = createDateSettings(scheduler);
        store.selectDay('1969-07-20');
        store.state$.pipe(map((state) => state.selectedDay)).subscribe(days);
        scheduler.schedule(() => store.dispose(), 40 * 60_000);
      }, opened);
      //     opened |-1 min-| midnight |------ 14 min ------| 1st check: reset |-- 15 min --| 2nd check: same day
      expectObservable(days, `^ ${opened + 31 * 60_000}ms !`).toBe(`${opened}ms a 14m 59s 999ms b`, {
        a: '1969-07-20',
        b: dayKey(midnight),
      });
    });
  });

  it('selects days, weeks and modes with the current flags kept right', () => {
    const scheduler = new TestScheduler(() => undefined);
    const store = createDateSettings(scheduler);
    const today = dayKey(0);
    const seen: Array<{ isCurrentDay: boolean; isCurrentWeek: boolean; mode: string; selectedDay: string }> =
      [];
    store.state$.subscribe((state) => seen.push(state));
    store.selectWeek(1, 1999);
    expect(seen.at(-1)).toMatchObject({ isCurrentDay: true, isCurrentWeek: false });
    store.setMode('manual', '1969-12-01');
    expect(seen.at(-1)).toMatchObject({ mode: 'manual', selectedDay: '1969-12-01', isCurrentDay: false });
    store.setMode('auto');
    expect(seen.at(-1)).toMatchObject({
      mode: 'auto',
      selectedDay: today,
      isCurrentDay: true,
      isCurrentWeek: true,
    });
    store.setMode('manual');
    expect(seen.at(-1)).toMatchObject({ mode: 'manual', selectedDay: today });
    store.dispose();
  });
});

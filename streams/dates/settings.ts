import { asyncScheduler, BehaviorSubject, interval, type Observable, type SchedulerLike } from 'rxjs';
import { dateSettingsCheckIntervalMs } from '../config';

/** auto: the dashboard follows today; manual: it shows `manualDate`. */
export type DateMode = 'auto' | 'manual';

/** The date settings of SPEC 3 (days as local YYYY-MM-DD, weeks as ISO week and week-year). */
export interface DateSettings {
  mode: DateMode;
  manualDate: string | null;
  selectedDay: string;
  selectedWeek: number;
  selectedYear: number;
  lastActiveDate: string;
  isCurrentDay: boolean;
  isCurrentWeek: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of a timestamp, as YYYY-MM-DD. */
export function dayKey(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The ISO 8601 week and week-year of a local day (YYYY-MM-DD). */
export function isoWeek(day: string): { week: number; year: number } {
  const [year, month, date] = day.split('-').map(Number);
  const utc = new Date(Date.UTC(year, month - 1, date));
  const weekday = utc.getUTCDay() || 7;
  utc.setUTCDate(utc.getUTCDate() + 4 - weekday); // the Thursday of this week decides its year
  const weekYear = utc.getUTCFullYear();
  const week = Math.ceil(((utc.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return { week, year: weekYear };
}

/** `settings` with isCurrentDay / isCurrentWeek recomputed against `today`. */
function withCurrentFlags(
  settings: Omit<DateSettings, 'isCurrentDay' | 'isCurrentWeek'>,
  today: string,
): DateSettings {
  const current = isoWeek(today);
  return {
    ...settings,
    isCurrentDay: settings.selectedDay === today,
    isCurrentWeek: settings.selectedWeek === current.week && settings.selectedYear === current.year,
  };
}

/** Settings on today: auto mode, today and this week selected. */
export function initialDateSettings(now: number): DateSettings {
  const today = dayKey(now);
  const { week, year } = isoWeek(today);
  return withCurrentFlags(
    {
      mode: 'auto',
      manualDate: null,
      selectedDay: today,
      selectedWeek: week,
      selectedYear: year,
      lastActiveDate: today,
    },
    today,
  );
}

/** SPEC 4's day rollover: on a new day the selected day and week go back to the current ones. */
export function rollover(settings: DateSettings, now: number): DateSettings {
  const today = dayKey(now);
  if (today === settings.lastActiveDate) return settings;
  const { week, year } = isoWeek(today);
  return withCurrentFlags(
    { ...settings, selectedDay: today, selectedWeek: week, selectedYear: year, lastActiveDate: today },
    today,
  );
}

/** Date settings as a stream with its commands. */
export interface DateSettingsStore {
  state$: Observable<DateSettings>;
  /** Selects a day (YYYY-MM-DD) and its week. */
  selectDay(day: string): void;
  selectWeek(week: number, year: number): void;
  /** auto follows today; manual shows `manualDate` (YYYY-MM-DD), which is then selected. */
  setMode(mode: DateMode, manualDate?: string): void;
  dispose(): void;
}

/** Date settings checked every 15 min for a day rollover (SPEC 9). */
export function createDateSettings(scheduler: SchedulerLike = asyncScheduler): DateSettingsStore {
  const state = new BehaviorSubject(initialDateSettings(scheduler.now()));
  const update = (change: Partial<DateSettings>) =>
    state.next(withCurrentFlags({ ...state.value, ...change }, dayKey(scheduler.now())));
  const selectDay = (day: string) => {
    const { week, year } = isoWeek(day);
    update({ selectedDay: day, selectedWeek: week, selectedYear: year });
  };
  const checks = interval(dateSettingsCheckIntervalMs, scheduler).subscribe(() => {
    const next = rollover(state.value, scheduler.now());
    if (next !== state.value) state.next(next);
  });
  return {
    state$: state.asObservable(),
    selectDay,
    selectWeek: (week, year) => update({ selectedWeek: week, selectedYear: year }),
    setMode(mode, manualDate) {
      update({ mode, manualDate: mode === 'manual' ? (manualDate ?? state.value.selectedDay) : null });
      const day = mode === 'manual' ? state.value.manualDate : dayKey(scheduler.now());
      if (day) selectDay(day);
    },
    dispose: () => {
      checks.unsubscribe();
      state.complete();
    },
  };
}

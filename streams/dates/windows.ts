import type { DateSettings } from './settings';

/** A span of time, [fromMs, toMs). */
export interface TimeWindow {
  fromMs: number;
  toMs: number;
}

const dateOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return { year, month, date };
};

/** Local midnight that opens `day` (YYYY-MM-DD) plus `days`, in ms: calendar days, so DST changes hold. */
function midnight(day: string, days = 0): number {
  const { year, month, date } = dateOf(day);
  return new Date(year, month - 1, date + days).getTime();
}

/** The local day (YYYY-MM-DD) that opens ISO week `week` of week-year `year`: its Monday. */
export function weekMonday(week: number, year: number): string {
  // 4 January always lies in week 1
  const january4 = new Date(year, 0, 4);
  const monday = new Date(year, 0, 4 - ((january4.getDay() + 6) % 7) + (week - 1) * 7);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${monday.getFullYear()}-${pad(monday.getMonth() + 1)}-${pad(monday.getDate())}`;
}

/** The local day `day` itself. */
export const dayWindow = (day: string): TimeWindow => ({ fromMs: midnight(day), toMs: midnight(day, 1) });

/**
 * What a dashboard date range (SPEC 3 dateRange) covers around the date settings: `day` the
 * selected day, `week` the selected week, `month` the 30 days that end with the selected day;
 * null (any time) for `all` and anything else.
 */
export function dateRangeWindow(range: string, settings: DateSettings): TimeWindow | null {
  switch (range) {
    case 'day':
      return dayWindow(settings.selectedDay);
    case 'week': {
      const monday = weekMonday(settings.selectedWeek, settings.selectedYear);
      return { fromMs: midnight(monday), toMs: midnight(monday, 7) };
    }
    case 'month':
      return { fromMs: midnight(settings.selectedDay, -29), toMs: midnight(settings.selectedDay, 1) };
    default:
      return null;
  }
}

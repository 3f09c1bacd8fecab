import { z } from 'zod';

/**
 * Dates and instants as PostgreSQL can hold them. Its `date` and `timestamptz` refuse ISO's year
 * 0000, and years past 9999 no longer fit four digits, so a request naming one would fail in SQL
 * (500): every date of a body or a query is one of these schemas and answers 422 instead.
 */
export const dateRange = { firstYear: 1, lastYear: 9999 } as const;

const inRange = (year: number) => year >= dateRange.firstYear && year <= dateRange.lastYear;
const rangeMessage = `must lie in the years ${dateRange.firstYear} to ${dateRange.lastYear}`;

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not), in years 0001 to 9999. */
export const calendarDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
    .refine((value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value), {
      message: 'must be a date that exists',
    })
    .refine((value) => inRange(Number(value.slice(0, 4))), { message: rangeMessage });

/** An ISO 8601 instant with its offset (`Z` or `±hh:mm`), in years 0001 to 9999 once in UTC. */
export const instant = () =>
  z.iso
    .datetime({ offset: true })
    .refine((value) => inRange(new Date(value).getUTCFullYear()), { message: rangeMessage });

/** A calendar date or an instant (as {@link calendarDate} and {@link instant}), as a range filter takes. */
export const dateOrInstant = () =>
  z.union([instant(), calendarDate()], {
    error: `must be a date YYYY-MM-DD or an ISO instant, ${rangeMessage}`,
  });

/**
 * The instant `ms` as ISO text PostgreSQL reads, or undefined past the year 9999 (a bound there
 * leaves nothing out, as no stored instant lies beyond it).
 */
export function boundText(ms: number): string | undefined {
  const date = new Date(ms);
  return inRange(date.getUTCFullYear()) ? date.toISOString() : undefined;
}

import { useTranslation } from 'react-i18next';
import { dayKey, isoWeek } from '../../streams/dates';
import { i18n } from './i18n';

/**
 * The `Intl` locale of a language: English as written in Europe (24-hour clock, day before
 * month); the pseudo-language formats as English; any other language as itself.
 */
const intlLocale = (language: string): string =>
  language === 'en' || language === 'pseudo' ? 'en-GB' : language;

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** Numbers, weights, dates, times, weeks, ages and lists in one language. */
export interface Formats {
  /** The `Intl` locale they format in. */
  locale: string;
  /** "1.234,5" (nl) / "1,234.5" (en), with at most `maxDecimals` decimals. */
  number(value: number, maxDecimals?: number): string;
  /** "1.234,5 kg" (nl) / "1,234.5 kg" (en), with at most `maxDecimals` decimals. */
  kg(value: number, maxDecimals?: number): string;
  /** A pallet's weight with its two decimals: "512,50 kg" (nl) / "512.50 kg" (en). */
  weight(value: number): string;
  /** "27 nov 2026" (nl) / "27 Nov 2026" (en). */
  date(value: DateInput): string;
  /** "vr 27 nov" (nl) / "Fri 27 Nov" (en). */
  day(value: DateInput): string;
  /** "14:05". */
  time(value: DateInput): string;
  /** "27 nov 2026, 14:05" (nl) / "27 Nov 2026, 14:05" (en). */
  dateTime(value: DateInput): string;
  /** "week 48" in either language (ISO weeks). */
  week(value: DateInput): string;
  /** How long ago `at` was at `now`: "2 min. geleden" / "2 min ago", "5 uur geleden" / "5 hours ago", "nu" / "now". */
  ago(at: DateInput, now: number): string;
  /** "a, b en c" (nl) / "a, b and c" (en). */
  list(items: readonly string[]): string;
  /** The decimal separator and the grouping separator people write numbers with. */
  separators: { decimal: string; group: string };
}

const made = new Map<string, Formats>();

/** The formats of `language`, made once (an `Intl` formatter costs more than the rest of a render). */
export function formatsOf(language: string): Formats {
  const known = made.get(language);
  if (known) return known;
  const locale = intlLocale(language);
  const numbers = new Map<number, Intl.NumberFormat>();
  const number = (decimals: number) => {
    let formatter = numbers.get(decimals);
    if (!formatter) {
      formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: decimals });
      numbers.set(decimals, formatter);
    }
    return formatter;
  };
  const weight = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  // minutes short, as a table's column has room for: "41 min. geleden" beside "1 uur geleden"
  const minutes = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  const formats: Formats = {
    locale,
    number: (value, maxDecimals = 0) => number(maxDecimals).format(value),
    kg: (value, maxDecimals = 0) => `${number(maxDecimals).format(value)} kg`,
    weight: (value) => `${weight.format(value)} kg`,
    date: (value) => date.format(toDate(value)),
    day: (value) => day.format(toDate(value)),
    time: (value) => time.format(toDate(value)),
    dateTime: (value) => dateTime.format(toDate(value)),
    week: (value) => i18n.t('week', { week: isoWeek(dayKey(toDate(value).getTime())).week, lng: language }),
    ago: (at, now) => {
      const age = Math.max(0, now - toDate(at).getTime());
      if (age < minuteMs) return relative.format(0, 'second');
      if (age < hourMs) return minutes.format(-Math.floor(age / minuteMs), 'minute');
      if (age < dayMs) return relative.format(-Math.floor(age / hourMs), 'hour');
      return relative.format(-Math.floor(age / dayMs), 'day');
    },
    list: (items) => list.format(items),
    separators: {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    },
  };
  made.set(language, formats);
  return formats;
}

/** The formats of the language the app shows now (for code outside components). */
export const formats = (): Formats => formatsOf(i18n.language ?? 'en');

/** The formats of the language the app shows, repainting the component when it changes. */
export function useFormats(): Formats {
  const { i18n: instance } = useTranslation();
  return formatsOf(instance.language);
}

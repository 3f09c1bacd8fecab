import { type Formats, formats } from '../i18n/format';

/**
 * The last 8 characters of an id: enough to tell pallets apart on a screen (ids begin with the
 * time they were made, so pallets of one hour share their first characters).
 */
export const shortId = (id: string): string => id.slice(-8);

/** How long ago `createdAt` was, in the app's language: "12 min ago", "12 min. geleden"; "-" without a time. */
export function ageText(createdAt: unknown, now: number, format: Formats = formats()): string {
  const at = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(at) ? format.ago(at, now) : '-';
}

/** A zone and its row as people read them (rows count from 1): "Cold store A · Row 2". */
export function placeText(zone: unknown, rowIndex: unknown): string {
  if (typeof zone !== 'string' || zone === '') return '-';
  return typeof rowIndex === 'number' ? `${zone} · Row ${rowIndex + 1}` : zone;
}

/** A total in kilograms with thousands separators, in the app's language: "12,480 kg", "12.480 kg". */
export const totalKgText = (value: number): string => formats().kg(value);

/** A count with thousands separators, in the app's language: "10,000", "10.000". */
export const countText = (value: number): string => formats().number(value);

/**
 * What a plural message fills in, beside its `count`: the count grouped in the app's language
 * ("10,000 pallets", "10.000 pallets") and the message's other `values`:
 * `t(key, { count, ...grouped(count) })`.
 */
export const grouped = <T extends object>(count: number, values?: T) => ({
  replace: { ...values, count: countText(count) },
});

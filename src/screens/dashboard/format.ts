import { formats } from '../../i18n/format';

/**
 * The last 8 characters of an id: enough to tell pallets apart on a screen (ids begin with the
 * time they were made, so pallets of one hour share their first characters).
 */
export const shortId = (id: string): string => id.slice(-8);

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** How long ago `createdAt` was, in the largest whole unit: "just now", "12 min", "5 h", "3 d". */
export function ageText(createdAt: unknown, now: number): string {
  const at = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
  if (!Number.isFinite(at)) return '-';
  const age = Math.max(0, now - at);
  if (age < minuteMs) return 'just now';
  if (age < hourMs) return `${Math.floor(age / minuteMs)} min`;
  if (age < dayMs) return `${Math.floor(age / hourMs)} h`;
  return `${Math.floor(age / dayMs)} d`;
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

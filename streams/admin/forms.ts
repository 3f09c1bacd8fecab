/**
 * The admin area's form rules, the same the server applies (so a form says what is wrong before
 * sending). Each check answers field → message; an empty object means the form may be sent.
 */

/** Field → what is wrong with it. */
export type FormErrors = Record<string, string>;

/** The shortest password the server takes (CONTRACT: change-password, min 8). */
export const minPasswordLength = 8;

const usernamePattern = /^[A-Za-z0-9._@-]+$/;

/** What the user form sends. */
export interface UserDraft {
  username: string;
  /** A temporary password: required for a new user, empty to keep the current one. */
  password: string;
  admin: boolean;
  locationIds: readonly string[];
}

/** Username 1–64 of letters, digits and . _ @ -; a password of 8 or more for a new user; a location unless admin. */
export function userErrors(draft: UserDraft, isNew: boolean): FormErrors {
  const errors: FormErrors = {};
  const username = draft.username.trim();
  if (username === '') errors.username = 'Enter a username';
  else if (username.length > 64) errors.username = 'A username has at most 64 characters';
  else if (!usernamePattern.test(username))
    errors.username = 'A username may hold letters, digits and . _ @ - only';
  if (isNew || draft.password !== '') {
    const password = passwordError(draft.password);
    if (password) errors.password = password;
  }
  if (!draft.admin && draft.locationIds.length === 0)
    errors.locationIds = 'Choose at least one location this user works at';
  return errors;
}

/** The temporary password's rule, or null when it passes. */
export function passwordError(password: string): string | null {
  if (password.length < minPasswordLength) return `A password needs at least ${minPasswordLength} characters`;
  if (password.length > 1000) return 'A password has at most 1000 characters';
  return null;
}

/** A name of a location, zone or catalogue value: one line, not blank, at most `max` characters. */
export function nameError(name: string, max: number, what = 'a name'): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return `Enter ${what}`;
  if (trimmed.length > max) return `At most ${max} characters`;
  if (/[\r\n]/.test(name)) return 'One line only';
  return null;
}

/** What the zone form sends. */
export interface ZoneDraft {
  name: string;
  rows: string;
  rowCapacity: string;
}

const wholeIn = (text: string, min: number, max: number) => {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max;
};

/** Name up to 100; rows 1–200; row capacity 1–500 (the server's limits). */
export function zoneErrors(draft: ZoneDraft): FormErrors {
  const errors: FormErrors = {};
  const name = nameError(draft.name, 100, 'a zone name');
  if (name) errors.name = name;
  if (!wholeIn(draft.rows, 1, 200)) errors.rows = 'Rows: a whole number from 1 to 200';
  if (!wholeIn(draft.rowCapacity, 1, 500))
    errors.rowCapacity = 'Row capacity: a whole number from 1 to 500 pallets';
  return errors;
}

/** A value added to a catalogue list: not blank, at most 64 characters, not already in `list`. */
export function catalogueValueError(value: string, list: readonly string[]): string | null {
  const blank = nameError(value, 64, 'a value');
  if (blank) return blank;
  const trimmed = value.trim().toLowerCase();
  if (list.some((v) => v.toLowerCase() === trimmed)) return `"${value.trim()}" is already in the list`;
  return null;
}

/** An intervention's note: required, at most 2000 characters. */
export function interventionError(notes: string): string | null {
  if (notes.trim() === '') return 'Describe what was done';
  if (notes.length > 2000) return 'At most 2000 characters';
  return null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The activity filters as typed: dates (yyyy-mm-dd), an event type, a user, a pallet and an order id. */
export interface ActivityFilterDraft {
  startDate: string;
  endDate: string;
  palletId: string;
  orderId: string;
}

/** Ids must be whole UUIDs (the server looks them up exactly); the range must not end before it starts. */
export function activityFilterErrors(draft: ActivityFilterDraft): FormErrors {
  const errors: FormErrors = {};
  for (const field of ['palletId', 'orderId'] as const) {
    const id = draft[field].trim();
    if (id !== '' && !uuidPattern.test(id))
      errors[field] = 'Paste the whole ID (36 characters, as the pallet or order dialog shows it)';
  }
  if (draft.startDate && draft.endDate && draft.endDate < draft.startDate)
    errors.endDate = 'The end date comes before the start date';
  return errors;
}

/**
 * The admin area's form rules, the same the server applies (so a form says what is wrong before
 * sending). Each check answers field → problem; an empty object means the form may be sent. A
 * problem is a code and its values: the screens word it in the reader's language.
 */

/** What can be wrong with a field of an admin form. */
export const formProblems = [
  'usernameBlank',
  'usernameLong',
  'usernameCharacters',
  'passwordShort',
  'passwordLong',
  'locationNeeded',
  'nameBlank',
  'zoneNameBlank',
  'valueBlank',
  'tooLong',
  'oneLine',
  'rows',
  'rowCapacity',
  'valueListed',
  'notesBlank',
  'wholeId',
  'endBeforeStart',
] as const;

/** One problem of a field: its code and the values its sentence names. */
export interface FormProblem {
  code: (typeof formProblems)[number];
  params?: Record<string, string | number>;
}

/** Field → what is wrong with it. */
export type FormErrors = Record<string, FormProblem>;

const problem = (code: FormProblem['code'], params?: FormProblem['params']): FormProblem =>
  params ? { code, params } : { code };

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
  if (username === '') errors.username = problem('usernameBlank');
  else if (username.length > 64) errors.username = problem('usernameLong', { maximum: 64 });
  else if (!usernamePattern.test(username)) errors.username = problem('usernameCharacters');
  if (isNew || draft.password !== '') {
    const password = passwordError(draft.password);
    if (password) errors.password = password;
  }
  if (!draft.admin && draft.locationIds.length === 0) errors.locationIds = problem('locationNeeded');
  return errors;
}

/** The temporary password's rule, or null when it passes. */
export function passwordError(password: string): FormProblem | null {
  if (password.length < minPasswordLength) return problem('passwordShort', { minimum: minPasswordLength });
  if (password.length > 1000) return problem('passwordLong', { maximum: 1000 });
  return null;
}

/** A name of a location, zone or catalogue value: one line, not blank (`blank`), at most `max` characters. */
export function nameError(
  name: string,
  max: number,
  blank: 'nameBlank' | 'zoneNameBlank' | 'valueBlank' = 'nameBlank',
): FormProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return problem(blank);
  if (trimmed.length > max) return problem('tooLong', { maximum: max });
  if (/[\r\n]/.test(name)) return problem('oneLine');
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
  const name = nameError(draft.name, 100, 'zoneNameBlank');
  if (name) errors.name = name;
  if (!wholeIn(draft.rows, 1, 200)) errors.rows = problem('rows', { minimum: 1, maximum: 200 });
  if (!wholeIn(draft.rowCapacity, 1, 500))
    errors.rowCapacity = problem('rowCapacity', { minimum: 1, maximum: 500 });
  return errors;
}

/** A value added to a catalogue list: not blank, at most 64 characters, not already in `list`. */
export function catalogueValueError(value: string, list: readonly string[]): FormProblem | null {
  const blank = nameError(value, 64, 'valueBlank');
  if (blank) return blank;
  const trimmed = value.trim().toLowerCase();
  if (list.some((v) => v.toLowerCase() === trimmed)) return problem('valueListed', { value: value.trim() });
  return null;
}

/** An intervention's note: required, at most 2000 characters. */
export function interventionError(notes: string): FormProblem | null {
  if (notes.trim() === '') return problem('notesBlank');
  if (notes.length > 2000) return problem('tooLong', { maximum: 2000 });
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
    if (id !== '' && !uuidPattern.test(id)) errors[field] = problem('wholeId');
  }
  if (draft.startDate && draft.endDate && draft.endDate < draft.startDate)
    errors.endDate = problem('endBeforeStart');
  return errors;
}

import { z } from 'zod';

/**
 * Text that reaches SQL. PostgreSQL cannot store NUL (U+0000) in `text` or `jsonb` and fails the
 * whole statement, so every free-text field is checked here first and refused with a 422 naming
 * the field. Names (one line) refuse every control character, as the warehouse fields do. A lone
 * UTF-16 surrogate is refused in every JSON body before any route sees it (see `json-body.ts`).
 */
export const textMessages = {
  control: 'must not contain control characters',
  nul: 'must not contain NUL characters',
  surrogate: 'must be well-formed Unicode text (no lone surrogate)',
} as const;

/** Whether a JSON value holds NUL in any string or key. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
}

/** A string PostgreSQL can store: anything but NUL (free text such as notes keeps tabs and line breaks). */
export const storableText = () => z.string().refine((text) => !holdsNul(text), textMessages.nul);

/** A trimmed, non-empty one-line value (a name) of at most `max` characters, without control characters. */
export const lineText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it rejects
    .regex(/^[^\u0000-\u001f\u007f]*$/, textMessages.control);

/**
 * Any JSON value PostgreSQL can store as jsonb: no NUL in its strings or keys. A parsed body holds
 * nothing but JSON, so any value is taken (z.json() would describe itself by a reference the API
 * document cannot resolve).
 */
export const storableJson = () =>
  z
    .unknown()
    .refine((json) => !holdsNul(json), textMessages.nul)
    .describe('any JSON value');

/** A count and its noun, in the singular for one: "1 pallet", "3 pallets". */
export const countOf = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

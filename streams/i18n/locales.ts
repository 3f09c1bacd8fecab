/**
 * The languages the product speaks, in one place for server and app: a user's `locale`, a
 * location's `labelLocale`, the catalogues. A third language is one more entry here (and its
 * catalogue and label words); the database's checks (migration 011) list them too.
 */
/** The first is the one the app falls back to. */
export const locales = ['en', 'nl'] as const;

/** One of the product's languages. */
export type Locale = (typeof locales)[number];

/** Whether `value` is one of the product's languages. */
export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

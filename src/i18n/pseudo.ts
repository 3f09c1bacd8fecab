/** The pseudo-language's tag: for tests only (see `pseudoRequested` in src/deps.ts), never offered to users. */
export const pseudoLocale = 'pseudo';

const accented: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i],
  ]),
);

/** What a message keeps as it is: placeholders, nested messages and the markup `<Trans>` fills. */
const kept = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\w+\s*\/?>)/;

/**
 * An English message as the pseudo-language shows it: every letter accented, about a third
 * longer, in brackets, its placeholders untouched ("Sign in" → "[Šîĝñ îñ ~]"), so a text that
 * is not in a catalogue, or a layout with no room for longer words, shows in the tests.
 */
export function pseudoLocalise(message: string): string {
  const parts = message.split(kept);
  const body = parts
    .map((part, i) => (i % 2 ? part : [...part].map((c) => accented[c] ?? c).join('')))
    .join('');
  const length = parts.filter((_, i) => i % 2 === 0).join('').length;
  // the padding in words of five, which wrap as a sentence's words do
  const padding = Array.from({ length: Math.max(1, Math.round(length * 0.35) - 3) }, (_, i) =>
    i % 6 === 5 ? ' ' : '~',
  )
    .join('')
    .replace(/ $/, '~');
  return `[${body} ${padding}]`;
}

type Catalogue = { [key: string]: string | Catalogue };

/** A whole catalogue pseudo-localised, key by key. */
export function pseudoCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoLocalise(value) : pseudoCatalogue(value),
    ]),
  );
}

/**
 * Whether a text a person reads was pseudo-localised: it carries the brackets (a message, or the
 * first or last piece of one split by markup), or has no Latin letter to translate at all.
 */
export const isPseudoLocalised = (text: string): boolean => {
  const trimmed = text.trim();
  return trimmed.startsWith('[') || trimmed.endsWith(']') || !/[A-Za-z]/.test(trimmed);
};

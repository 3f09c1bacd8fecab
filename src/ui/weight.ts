import { type Formats, formats } from '../i18n/format';
import { i18n } from '../i18n/i18n';

/** The weights a pallet may have, in kg (the server's rule). */
export const minWeightKg = 0.01;
export const maxWeightKg = 10_000;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A number as people write it in the language of `format`: "1.234,5" or "1234,5" in Dutch,
 * "1,234.5" in English. The other separator counts as the decimal point only where it cannot be
 * grouping ("512.5" in Dutch, "612,25" in English); anything else is not read, never guessed.
 */
export function readNumber(text: string, { separators: { decimal, group } }: Formats): number | null {
  const d = literal(decimal);
  // the grouping people type: the locale's own, and a space for the narrow no-break space of fr-style locales
  const g = `[${literal(group)}${/\s/.test(group) ? ' ' : ''}]`;
  const local = new RegExp(`^(\\d+|\\d{1,3}(?:${g}\\d{3})+)(?:${d}(\\d+))?$`);
  const foreign = new RegExp(`^(\\d+)${g}(\\d{1,2})$`);
  const match = local.exec(text) ?? foreign.exec(text);
  if (!match) return null;
  return Number(`${match[1].replace(/\D/g, '')}.${match[2] ?? 0}`);
}

/** The weight typed into a field as kg, or the sentence saying what is wrong with it, in the app's language. */
export function readWeight(text: string, format: Formats = formats()): { kg: number } | { error: string } {
  const trimmed = text.trim();
  const t = i18n.getFixedT(null, 'common', 'weight');
  if (trimmed === '') return { error: t('empty') };
  const kg = readNumber(trimmed, format);
  if (kg === null) return { error: t('unreadable', { text: trimmed, example: format.number(1234.5, 1) }) };
  if (kg < minWeightKg || kg > maxWeightKg)
    return { error: t('range', { min: format.number(minWeightKg, 2), max: format.number(maxWeightKg) }) };
  if (Math.round(kg * 100) !== kg * 100) return { error: t('decimals') };
  return { kg };
}

/** The weights a pallet may have, in kg (the server's rule). */
export const minWeightKg = 0.01;
export const maxWeightKg = 10_000;

/** The weight typed into a field as kg, or the sentence saying what is wrong with it. */
export function readWeight(text: string): { kg: number } | { error: string } {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { error: 'Enter the weight in kg' };
  const kg = Number(trimmed);
  if (!Number.isFinite(kg)) return { error: 'The weight must be a number of kg, like 512.5' };
  if (kg < minWeightKg || kg > maxWeightKg) return { error: 'The weight must be between 0.01 and 10,000 kg' };
  if (Math.round(kg * 100) !== kg * 100) return { error: 'The weight takes at most two decimals' };
  return { kg };
}

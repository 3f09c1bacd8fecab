import { decodePalletQr } from '../qr';

/** The fewest characters of an id a search matches by its start or end (the board shows its last 8). */
export const idPrefixMinLength = 4;

/**
 * The pallet a search or a scan names among `ids`: the id of SPEC 3's QR rules (JSON, `MA`/`MA:`
 * prefix, raw text) when it is one of them, else the first id that starts or ends with what was
 * typed (at least 4 characters, letter case ignored); null when none matches.
 */
export function findPalletId(text: string, ids: readonly string[]): string | null {
  const id = decodePalletQr(text);
  if (id === null) return null;
  if (ids.includes(id)) return id;
  const part = id.toLowerCase();
  if (part.length < idPrefixMinLength) return null;
  return (
    ids.find((candidate) => {
      const lower = candidate.toLowerCase();
      return lower.startsWith(part) || lower.endsWith(part);
    }) ?? null
  );
}

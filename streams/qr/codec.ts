/** SPEC 8's message for a QR label without a pallet id. */
export const invalidQrPalletIdMessage = 'Invalid pallet ID for QR code generation';

/** A pallet's QR content (SPEC 3): a JSON object holding only the id. Throws for an empty id. */
export function encodePalletQr(palletId: string): string {
  if (typeof palletId !== 'string' || palletId.trim() === '') throw new Error(invalidQrPalletIdMessage);
  return JSON.stringify({ id: palletId });
}

function idFromJson(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    const id = parsed && typeof parsed === 'object' ? (parsed as { id?: unknown }).id : undefined;
    return (typeof id === 'string' && id.trim() !== '') || typeof id === 'number' ? String(id).trim() : null;
  } catch {
    return null;
  }
}

/**
 * The pallet id in a scan (SPEC 3): from the JSON content, else text after an `MA` or `MA:` prefix,
 * else the raw trimmed text. Null for an empty scan.
 */
export function decodePalletQr(scan: string): string | null {
  const text = scan.trim();
  const id = idFromJson(text) ?? (text.startsWith('MA') ? text.replace(/^MA:?/, '').trim() : text);
  return id === '' ? null : id;
}

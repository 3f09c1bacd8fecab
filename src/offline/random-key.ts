/** `bytes` (16) as a UUID of `version`, its variant bits set (RFC 9562). */
function uuidOf(bytes: Uint8Array, version: number): string {
  bytes[6] = (bytes[6] & 0x0f) | (version << 4);
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A random UUID v4. `crypto.randomUUID` exists only on secure origins, and a warehouse LAN may
 * serve the app over plain HTTP; `getRandomValues` works on every origin.
 */
export function randomUuid(): string {
  return uuidOf(crypto.getRandomValues(new Uint8Array(16)), 4);
}

/**
 * A UUID v7 of the time `at` (ms since 1970): its first 48 bits, the rest random. The id the phone
 * gives a pallet it makes: the server's own pallet ids are v7, and lists ordered by id stay
 * newest first.
 */
export function timeOrderedUuid(at: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let ms = Math.floor(at);
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  return uuidOf(bytes, 7);
}

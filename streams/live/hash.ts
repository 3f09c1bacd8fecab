/** `text` hashed onto `hash` (32-bit FNV-1a): shared by the table's ids and the dedup keys. */
export function hashText(hash: number, text: string): number {
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return hash;
}

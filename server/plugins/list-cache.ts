import type { ListSnapshot } from '../db/sql';

/**
 * Lists answered from memory while nothing changed. An entry is served only while its location's
 * last live event id is still the one the list was read at: every change a list shows appends a
 * live event to that location in the change's own transaction, so an unchanged id means an
 * unchanged list, whichever process made the change. The least recently used entries go first
 * once the cached JSON passes `maxChars` (characters of text, or bytes).
 */
export class ListCache<Json extends string | Buffer = string> {
  readonly #entries = new Map<string, ListSnapshot<Json>>();
  #chars = 0;

  constructor(readonly maxChars = 16_000_000) {}

  /** The cached JSON of `key` if it was read at live event `lastEventId`, else undefined. */
  get(key: string, lastEventId: number): Json | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined || entry.lastEventId !== lastEventId) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.json;
  }

  /** Keeps `snapshot` for `key`, dropping the least recently used entries beyond `maxChars`. */
  set(key: string, snapshot: ListSnapshot<Json>): void {
    this.#drop(key);
    if (snapshot.json.length > this.maxChars) return;
    this.#entries.set(key, snapshot);
    this.#chars += snapshot.json.length;
    for (const oldest of this.#entries.keys()) {
      if (this.#chars <= this.maxChars) break;
      this.#drop(oldest);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#chars -= entry.json.length;
  }
}

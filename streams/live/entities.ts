/** Entities by id in display order (newest first). */
export interface Entities<T> {
  get(id: string): T | undefined;
  /** Display order, newest first. */
  readonly ids: readonly string[];
  readonly count: number;
  /** Visits every entity in no particular order: a pass over all of them without a look-up each (a sort's). */
  forEach(visit: (entity: T) => void): void;
}

// A table is copied, never changed, so a batch must cost what it changes rather than the size of
// the location: copying a map or an array of 10,000 pallets on every batch took longer than the
// batch itself. So both halves of a table are split in small pieces, and a batch copies only the
// pieces it writes (and the short list of pieces).
//
// - By id: 1,024 buckets, short arrays, an id's bucket chosen by a hash of the id.
// - Display order: every entity gets a sequence number when added, higher for newer. The ids sit
//   oldest first in chunks of at most 64, each chunk covering the numbers from its `low` on, so a
//   delete finds its chunk by the entity's number.

const bucketCount = 1_024;
const chunkSize = 64;

interface Entry<T> {
  readonly entity: T;
  readonly seq: number;
}
type Bucket<T> = readonly Entry<T>[];
interface Chunk {
  readonly low: number;
  readonly ids: readonly string[];
}

/** The bucket of an id: its FNV-1a hash, cut to the bucket count. */
function bucketOf(id: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16_777_619);
  return hash & (bucketCount - 1);
}

const entryIn = <T extends { id: string }>(bucket: Bucket<T> | undefined, id: string) =>
  bucket?.find((entry) => entry.entity.id === id);

/** A display order, shared by the tables a batch left in the same order. */
class Order {
  #ids: readonly string[] | undefined;
  constructor(
    readonly chunks: readonly Chunk[],
    /** The sequence number the next add gets. */
    readonly next: number,
  ) {}
  /** The ids newest first, joined from the chunks when first read. */
  get ids(): readonly string[] {
    this.#ids ??= this.chunks.flatMap((chunk) => chunk.ids).reverse();
    return this.#ids;
  }
}

/** A table of entities: read through `Entities`, changed through `edit()`, never in place. */
export class Table<T extends { id: string }> implements Entities<T> {
  readonly #buckets: readonly (Bucket<T> | undefined)[];
  readonly #order: Order;
  readonly count: number;

  constructor(buckets: readonly (Bucket<T> | undefined)[], order: Order, count: number) {
    this.#buckets = buckets;
    this.#order = order;
    this.count = count;
    Object.freeze(this);
  }

  get(id: string): T | undefined {
    return entryIn(this.#buckets[bucketOf(id)], id)?.entity;
  }

  get ids(): readonly string[] {
    return this.#order.ids;
  }

  forEach(visit: (entity: T) => void): void {
    for (const bucket of this.#buckets) if (bucket) for (const entry of bucket) visit(entry.entity);
  }

  /** A writer for one batch of changes; its `finish()` gives the new table. */
  edit(): TableEditor<T> {
    return new TableEditor(this, this.#buckets, this.#order);
  }
}

/**
 * One batch's changes to a table. Reads see the batch's own writes. Nothing the base table holds
 * is written: each bucket and chunk is copied on the batch's first write to it.
 */
export class TableEditor<T extends { id: string }> {
  readonly #base: Table<T>;
  readonly #order: Order;
  #buckets: readonly (Bucket<T> | undefined)[];
  #chunks: readonly Chunk[];
  #next: number;
  #count: number;
  /** The lists of buckets and chunks and the buckets and chunks this batch copied, so it writes them in place. */
  readonly #copied = new Set<unknown>();
  /** The ids this batch wrote or removed, in the order of its changes (repeats kept). */
  readonly changed: string[] = [];

  constructor(base: Table<T>, buckets: readonly (Bucket<T> | undefined)[], order: Order) {
    this.#base = base;
    this.#order = order;
    this.#buckets = buckets;
    this.#chunks = order.chunks;
    this.#next = order.next;
    this.#count = base.count;
  }

  get(id: string): T | undefined {
    return entryIn(this.#buckets[bucketOf(id)], id)?.entity;
  }

  /** Replaces an entity present, keeping its place in the order. */
  put(entity: T): void {
    if (!this.get(entity.id)) return;
    const bucket = this.#writableBucket(entity.id);
    const at = bucket.findIndex((entry) => entry.entity.id === entity.id);
    bucket[at] = { entity, seq: bucket[at].seq };
    this.changed.push(entity.id);
  }

  /** Adds the entities not present yet, in their order, in front of the others; returns those added. */
  add(entities: readonly T[]): T[] {
    const ids = new Set<string>();
    const added = entities.filter(
      (entity) => !ids.has(entity.id) && !this.get(entity.id) && ids.add(entity.id),
    );
    // the first of the list ends in front: it is added last, as the newest
    for (const entity of [...added].reverse()) {
      const seq = this.#next++;
      this.#writableBucket(entity.id).push({ entity, seq });
      this.#newestChunk(seq).push(entity.id);
    }
    for (const entity of added) this.changed.push(entity.id);
    this.#count += added.length;
    return added;
  }

  /** Removes an entity present. */
  remove(id: string): void {
    const entry = entryIn(this.#buckets[bucketOf(id)], id);
    if (!entry) return;
    const bucket = this.#writableBucket(id);
    bucket.splice(bucket.indexOf(entry), 1);
    const at = this.#chunks.findLastIndex((chunk) => chunk.low <= entry.seq);
    const ids = this.#writableChunk(at);
    ids.splice(ids.indexOf(id), 1);
    if (!ids.length) this.#writableChunks().splice(at, 1);
    this.changed.push(id);
    this.#count--;
  }

  /** The table after the batch: the base itself when nothing changed. */
  finish(): Table<T> {
    if (!this.changed.length) return this.#base;
    const reordered = this.#chunks !== this.#order.chunks;
    return new Table(
      this.#buckets,
      reordered ? new Order(this.#chunks, this.#next) : this.#order,
      this.#count,
    );
  }

  /** The id's bucket, copied (with the list of buckets) on the batch's first write to it. */
  #writableBucket(id: string): Entry<T>[] {
    if (!this.#copied.has(this.#buckets)) {
      this.#buckets = this.#buckets.slice();
      this.#copied.add(this.#buckets);
    }
    const buckets = this.#buckets as (Bucket<T> | undefined)[];
    const at = bucketOf(id);
    const bucket = buckets[at];
    if (bucket && this.#copied.has(bucket)) return bucket as Entry<T>[];
    const copy = bucket ? bucket.slice() : [];
    this.#copied.add(copy);
    buckets[at] = copy;
    return copy;
  }

  #writableChunks(): Chunk[] {
    if (!this.#copied.has(this.#chunks)) {
      this.#chunks = this.#chunks.slice();
      this.#copied.add(this.#chunks);
    }
    return this.#chunks as Chunk[];
  }

  /** The ids of the chunk at `at`, copied on the batch's first write to it. */
  #writableChunk(at: number): string[] {
    const chunk = this.#chunks[at];
    if (this.#copied.has(chunk)) return chunk.ids as string[];
    const copy = { low: chunk.low, ids: chunk.ids.slice() };
    this.#copied.add(copy);
    this.#writableChunks()[at] = copy;
    return copy.ids;
  }

  /** The ids of the chunk that takes the id numbered `seq`: the newest, or a new one when it is full. */
  #newestChunk(seq: number): string[] {
    const last = this.#chunks.length - 1;
    if (last >= 0 && this.#chunks[last].ids.length < chunkSize) return this.#writableChunk(last);
    const chunk = { low: seq, ids: [] };
    this.#copied.add(chunk);
    this.#writableChunks().push(chunk);
    return chunk.ids;
  }
}

const empty = new Table<never>(new Array(bucketCount).fill(undefined), new Order([], 0), 0);

/** A table of `list` in its order (the first is the newest); later duplicates of an id are ignored. */
export function tableOf<T extends { id: string }>(list: readonly T[]): Table<T> {
  const editor = (empty as Table<T>).edit();
  editor.add(list);
  return editor.finish();
}

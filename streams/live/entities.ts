import { hashText } from './hash';

/**
 * Entities by id plus their display order (newest first): a persistent structure, so a batch costs
 * what it changes, not the size of the location. (A plain object of 10,000 ids costs
 * milliseconds to copy, so neither spreading it nor immer's drafting of it keeps up with a busy
 * location; copying a 10,000-id order array on every batch costs more than the batch itself.)
 *
 * - By id: a two-level trie of short arrays keyed by the id's hash. A leaf holds triples of id,
 *   entity and the entity's sequence number (the order of its add), so a read or a write walks
 *   two arrays and allocates nothing but the copies it must make, and finds its entry by the id
 *   alone: no entity is read but the one asked for (the tables of pallets and of orders share
 *   this code, and a read of `id` across both kinds' shapes would be a generic lookup).
 * - Order: chunks of at most 64 ids, each holding a run of sequence numbers oldest first; an add
 *   goes to the newest chunk, a delete finds its chunk by the sequence number and copies only it.
 *   A batch copies the list of chunks and each chunk it changes: at 10,000 to 20,000 ids, 64 a
 *   chunk keeps the sum small (256 made every delete copy 2 KB). `ids` is the whole order as one
 *   array, built on first read.
 *
 * A `TableWriter` copies each array it touches once, on its first write, and then writes into its
 * copies: nothing reachable from a table already handed out ever changes.
 */
export interface Entities<T> {
  readonly root: Root<T>;
  readonly order: Order;
  /** Every id in display order (built from the chunks when first read, then kept). */
  readonly ids: readonly string[];
}

/** Ids oldest first; `low` is the first sequence number the chunk covers. */
interface Chunk {
  readonly low: number;
  readonly ids: readonly string[];
}
/** Id, entity and sequence number triples. */
type Leaf<T> = readonly (string | number | T)[];
type Node<T> = readonly (Leaf<T> | undefined)[];
type Root<T> = readonly (Node<T> | undefined)[];

/** Nodes under the root, and leaves under a node: a wide root and narrow nodes, as a batch copies every node it writes under. */
const nodeBits = 4;
const nodeWidth = 1 << nodeBits;
const rootWidth = 4096 / nodeWidth;
const chunkSize = 64;

/** The 30-bit hash of an id (FNV-1a): bits 4 to 11 pick the node, the low 4 the leaf. */
const hashOf = (id: string): number => hashText(2_166_136_261, id) >>> 2;
const nodeOf = (hash: number) => (hash >>> nodeBits) & (rootWidth - 1);
const leafOf = (hash: number) => hash & (nodeWidth - 1);

/** Where the id's triple starts in the leaf, or -1. */
function indexIn<T>(leaf: Leaf<T>, id: string): number {
  for (let i = 0; i < leaf.length; i += 3) if (leaf[i] === id) return i;
  return -1;
}

function leafIn<T>(root: Root<T>, hash: number): Leaf<T> | undefined {
  return root[nodeOf(hash)]?.[leafOf(hash)];
}

function entityIn<T>(root: Root<T>, id: string): T | undefined {
  const hash = hashOf(id);
  const leaf = leafIn(root, hash);
  const at = leaf ? indexIn(leaf, id) : -1;
  return at < 0 ? undefined : ((leaf as Leaf<T>)[at + 1] as T);
}

/** The entity with this id, if present. */
export const entityOf = <T>(table: Entities<T>, id: string): T | undefined => entityIn(table.root, id);

/** The entities in display order. */
export const entitiesInOrder = <T>(table: Entities<T>): T[] =>
  table.ids.map((id) => entityOf(table, id) as T);

/** An order and, once read, its ids joined: shared by the tables whose order is the same. */
class Order {
  private joined: readonly string[] | undefined;
  constructor(
    readonly chunks: readonly Chunk[],
    /** The sequence number the next add gets. */
    readonly next: number,
    readonly size: number,
  ) {}
  get ids(): readonly string[] {
    if (this.joined) return this.joined;
    const ids = new Array<string>(this.size);
    let at = 0;
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const chunk = this.chunks[c].ids;
      for (let i = chunk.length - 1; i >= 0; i--) ids[at++] = chunk[i];
    }
    this.joined = ids;
    return ids;
  }
}

/** A frozen table whose `ids` are joined from its order's chunks on first read. */
class Table<T> implements Entities<T> {
  constructor(
    readonly root: Root<T>,
    readonly order: Order,
  ) {
    Object.freeze(this);
  }
  get ids(): readonly string[] {
    return this.order.ids;
  }
}

/**
 * One batch's changes to a table. Reads see the batch's own writes. Adds go to the front; a
 * delete leaves its chunk. Each array of the base is copied on the batch's first write to it and
 * written in place after that; `finish` hands the result out, and the writer is done.
 */
export class TableWriter<T extends { id: string }> {
  private root: Root<T>;
  private chunks: readonly Chunk[];
  private next: number;
  private size: number;
  /** The order's chunks array and chunks this batch copied or made. */
  private readonly owned = new Set<unknown>();
  private readonly touched: string[] = [];
  private reordered = false;
  constructor(private readonly base: Entities<T>) {
    this.root = base.root;
    ({ chunks: this.chunks, next: this.next, size: this.size } = base.order);
  }
  /** The ids this batch wrote or removed, in the order of their changes (an id changed twice is listed twice). */
  changed(): string[] {
    return this.touched;
  }
  get(id: string): T | undefined {
    return entityIn(this.root, id);
  }
  /** Replaces an entity present, keeping its place in the order. */
  put(entity: T): void {
    const id = entity.id;
    const leaf = this.writableLeaf(hashOf(id));
    const at = indexIn(leaf, id);
    if (at < 0) return;
    leaf[at + 1] = entity;
    this.touched.push(id);
  }
  /** Adds the entities not present yet, in their order, in front of the earlier ones; returns those added. */
  add(entities: readonly T[]): T[] {
    // lists of the exact length (a list grown by push holds room for 16 from its first item)
    const fresh = new Array<T>(entities.length);
    const seqs = new Array<number>(entities.length);
    let count = 0;
    // the first of the list ends in front, so it gets the highest number (numbers may skip)
    const first = this.next;
    this.next += entities.length;
    for (let i = 0; i < entities.length; i++) {
      const entity = entities[i];
      const id = entity.id;
      const leaf = this.writableLeaf(hashOf(id));
      if (indexIn(leaf, id) >= 0) continue;
      const seq = first + entities.length - 1 - i;
      leaf.push(id, entity, seq);
      this.touched.push(id);
      fresh[count] = entity;
      seqs[count++] = seq;
    }
    for (let i = count - 1; i >= 0; i--) this.newestChunk(seqs[i]).push(fresh[i].id);
    if (count < fresh.length) fresh.length = count;
    this.size += count;
    return fresh;
  }
  /** Removes an entity present. */
  remove(id: string): void {
    const leaf = this.writableLeaf(hashOf(id));
    const at = indexIn(leaf, id);
    if (at < 0) return;
    const seq = leaf[at + 2] as number;
    leaf.splice(at, 3);
    const c = this.chunkOf(seq);
    const ids = this.writableChunk(c);
    // an id stands at most `seq - low` into its chunk (fewer when earlier ids left it): search back from there
    ids.splice(ids.lastIndexOf(id, seq - this.chunks[c].low), 1);
    if (!ids.length) (this.writableChunks() as Chunk[]).splice(c, 1);
    this.touched.push(id);
    this.size--;
  }
  /** The table after the batch, or null when it did not change. */
  finish(): Entities<T> | null {
    if (!this.touched.length) return null;
    const order = this.reordered ? new Order(this.chunks, this.next, this.size) : this.base.order;
    return new Table(this.root, order);
  }

  private own<A>(copy: A): A {
    this.owned.add(copy);
    return copy;
  }
  /**
   * The leaf for `hash`, copied with the arrays above it on the batch's first write under them.
   * An array is the batch's own copy when it is not the base's array at the same place: copies
   * only ever replace the base's arrays, so no mark of what was copied is needed.
   */
  private writableLeaf(hash: number): (string | number | T)[] {
    const n = nodeOf(hash);
    const l = leafOf(hash);
    const baseNode = this.base.root[n];
    if (this.root === this.base.root) this.root = this.root.slice();
    const root = this.root as (Node<T> | undefined)[];
    let node = root[n] as (Leaf<T> | undefined)[] | undefined;
    if (!node || node === baseNode) {
      node = baseNode ? baseNode.slice() : new Array<Leaf<T> | undefined>(nodeWidth).fill(undefined);
      root[n] = node;
    }
    let leaf = node[l] as (string | number | T)[] | undefined;
    if (!leaf || leaf === baseNode?.[l]) {
      leaf = leaf ? leaf.slice() : [];
      node[l] = leaf;
    }
    return leaf;
  }
  private writableChunks(): Chunk[] {
    this.reordered = true;
    if (!this.owned.has(this.chunks)) this.chunks = this.own(this.chunks.slice());
    return this.chunks as Chunk[];
  }
  private writableChunk(c: number): string[] {
    const chunk = this.chunks[c];
    if (this.owned.has(chunk)) return chunk.ids as string[];
    const copy = this.own({ low: chunk.low, ids: chunk.ids.slice() });
    this.writableChunks()[c] = copy;
    return copy.ids;
  }
  /** The chunk that takes the id numbered `seq`: the newest, or a new one when it is full. */
  private newestChunk(seq: number): string[] {
    const last = this.chunks.length - 1;
    if (last >= 0 && this.chunks[last].ids.length < chunkSize) return this.writableChunk(last);
    const chunk = this.own({ low: seq, ids: [] as string[] });
    this.writableChunks().push(chunk);
    return chunk.ids;
  }
  /** The index of the chunk holding the id numbered `seq`: the last whose `low` is at or below it. */
  private chunkOf(seq: number): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.chunks[mid].low <= seq) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

const empty = new Table<never>(new Array<undefined>(rootWidth).fill(undefined), new Order([], 0, 0));

/** A table of `list` in its order; later duplicates of an id are ignored. */
export function tableOf<T extends { id: string }>(list: readonly T[]): Entities<T> {
  const writer = new TableWriter<T>(empty);
  writer.add(list);
  return writer.finish() ?? empty;
}

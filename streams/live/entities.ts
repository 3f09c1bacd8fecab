/**
 * Entities by id plus their display order (newest first), both copy-on-write in small pieces so a
 * batch costs what it changes, not the size of the location. (A plain object of 10,000 ids costs
 * milliseconds to copy, so neither spreading it nor immer's drafting of it keeps up with a busy
 * location; copying a 10,000-id order array on every batch costs more than the batch itself.)
 *
 * - By id: a two-level trie of short arrays keyed by the id's hash; each entry also names the
 *   chunk of the order that holds its id.
 * - Order: chunks of at most 256 ids; adds go to the first chunk (or a new one in front), a
 *   delete copies only its chunk. `ids` is the whole order as one array, built on first read.
 */
export interface Entities<T> {
  readonly root: Root<T>;
  readonly chunks: readonly Chunk[];
  /** Every id in display order (built from the chunks when first read, then kept). */
  readonly ids: readonly string[];
}

interface Slot<T> {
  readonly id: string;
  readonly entity: T;
  readonly chunk: number;
}
interface Chunk {
  readonly no: number;
  readonly ids: readonly string[];
}
/** Hash and slot pairs: a lookup compares numbers and reads only the slot whose hash matches. */
type Leaf<T> = readonly (number | Slot<T>)[];
type Node<T> = readonly (Leaf<T> | undefined)[];
type Root<T> = readonly (Node<T> | undefined)[];

const width = 64;
const chunkSize = 256;

/** The 30-bit hash of an id (FNV-1a): bits 6 to 11 pick the node, the low 6 the leaf. */
function hashOf(id: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16_777_619);
  return hash >>> 2;
}
const nodeOf = (hash: number) => (hash >>> 6) & (width - 1);
const leafOf = (hash: number) => hash & (width - 1);

/** Where the id's hash stands in the leaf, or -1. */
function indexIn<T>(leaf: Leaf<T>, hash: number, id: string): number {
  for (let i = 0; i < leaf.length; i += 2)
    if (leaf[i] === hash && (leaf[i + 1] as Slot<T>).id === id) return i;
  return -1;
}

function slotOf<T>(table: Entities<T>, id: string): Slot<T> | undefined {
  const hash = hashOf(id);
  const leaf = table.root[nodeOf(hash)]?.[leafOf(hash)];
  const at = leaf ? indexIn(leaf, hash, id) : -1;
  return at < 0 ? undefined : ((leaf as Leaf<T>)[at + 1] as Slot<T>);
}

/** The entity with this id, if present. */
export const entityOf = <T>(table: Entities<T>, id: string): T | undefined => slotOf(table, id)?.entity;

/** The entities in display order. */
export const entitiesInOrder = <T>(table: Entities<T>): T[] =>
  table.ids.map((id) => entityOf(table, id) as T);

/** Writes `changes` (undefined: remove) copy-on-write: each touched node and leaf is copied once. */
function written<T extends { id: string }>(
  root: Root<T>,
  changes: Map<string, Slot<T> | undefined>,
): Root<T> {
  const next = root.slice() as (Node<T> | undefined)[];
  const copied = new Set<unknown>();
  for (const [id, slot] of changes) {
    const hash = hashOf(id);
    let node = next[nodeOf(hash)] as (Leaf<T> | undefined)[] | undefined;
    if (!node || !copied.has(node)) {
      node = node ? node.slice() : new Array<Leaf<T> | undefined>(width).fill(undefined);
      next[nodeOf(hash)] = node;
      copied.add(node);
    }
    let leaf = node[leafOf(hash)] as (number | Slot<T>)[] | undefined;
    if (!leaf || !copied.has(leaf)) {
      leaf = leaf ? leaf.slice() : [];
      node[leafOf(hash)] = leaf;
      copied.add(leaf);
    }
    const at = indexIn(leaf, hash, id);
    if (slot && at >= 0) leaf[at + 1] = slot;
    else if (slot) leaf.push(hash, slot);
    else if (at >= 0) leaf.splice(at, 2);
  }
  return next;
}

/** An order and, once read, its ids joined: shared by the tables whose order is the same. */
class Order {
  private joined: readonly string[] | undefined;
  constructor(readonly chunks: readonly Chunk[]) {}
  get ids(): readonly string[] {
    this.joined ??= this.chunks.flatMap((chunk) => chunk.ids);
    return this.joined;
  }
}

/** A frozen table whose `ids` are joined from its order's chunks on first read. */
function table<T>(root: Root<T>, order: Order): Entities<T> {
  return Object.freeze(
    Object.defineProperties({ root, chunks: order.chunks } as Entities<T>, {
      ids: { enumerable: true, get: () => order.ids },
      order: { value: order },
    }),
  );
}

const orderOf = (entities: Entities<unknown>): Order => (entities as unknown as { order: Order }).order;

/**
 * One batch's changes to a table, written when the batch ends. Reads see the batch's own
 * writes. Adds go to the front; a delete leaves its chunk. The new table is frozen, so immer takes
 * it as it is and never walks into it.
 */
export class TableBatch<T extends { id: string }> {
  private readonly changes = new Map<string, T | undefined>();
  private front: string[] = [];
  private readonly dropped = new Set<string>();
  constructor(private readonly base: Entities<T>) {}
  /** The ids this batch wrote or removed. */
  changed(): string[] {
    return [...this.changes.keys()];
  }
  get(id: string): T | undefined {
    const changed = this.changes.get(id);
    return changed !== undefined || this.changes.has(id) ? changed : entityOf(this.base, id);
  }
  put(entity: T): void {
    this.changes.set(entity.id, entity);
  }
  /** Adds the entities not present yet, in their order, in front of the earlier ones; returns those added. */
  add(entities: readonly T[]): T[] {
    const fresh: T[] = [];
    for (const entity of entities) {
      if (this.get(entity.id)) continue;
      this.put(entity);
      fresh.push(entity);
    }
    if (fresh.length) this.front = fresh.map((entity) => entity.id).concat(this.front);
    return fresh;
  }
  remove(id: string): void {
    this.changes.set(id, undefined);
    if (slotOf(this.base, id)) this.dropped.add(id);
    if (this.front.includes(id)) this.front = this.front.filter((other) => other !== id);
  }
  /** The table after the batch, or null when it did not change. */
  finish(): Entities<T> | null {
    if (!this.changes.size) return null;
    const { chunks, placed } = this.reorder();
    const slots = new Map<string, Slot<T> | undefined>();
    for (const [id, entity] of this.changes) {
      const chunk = placed.get(id) ?? slotOf(this.base, id)?.chunk;
      slots.set(id, entity && chunk !== undefined ? { id, entity, chunk } : undefined);
    }
    const root = written(this.base.root, slots);
    return table(root, chunks === this.base.chunks ? orderOf(this.base) : new Order(chunks));
  }
  /** The order after the batch, and the chunk each added id landed in. */
  private reorder(): { chunks: readonly Chunk[]; placed: Map<string, number> } {
    const placed = new Map<string, number>();
    if (!this.front.length && !this.dropped.size) return { chunks: this.base.chunks, placed };
    const cuts = new Map<number, Set<string>>();
    for (const id of this.dropped) {
      const no = slotOf(this.base, id)?.chunk as number;
      cuts.set(no, (cuts.get(no) ?? new Set()).add(id));
    }
    const chunks: Chunk[] = [];
    for (const chunk of this.base.chunks) {
      const cut = cuts.get(chunk.no);
      const ids = cut ? chunk.ids.filter((id) => !cut.has(id)) : chunk.ids;
      if (ids.length) chunks.push(cut ? { no: chunk.no, ids } : chunk);
    }
    let next = Math.max(-1, ...this.base.chunks.map((chunk) => chunk.no)) + 1;
    const first = chunks[0];
    if (first && first.ids.length + this.front.length <= chunkSize) {
      chunks[0] = { no: first.no, ids: this.front.concat(first.ids) };
      for (const id of this.front) placed.set(id, first.no);
    } else {
      const fresh: Chunk[] = [];
      for (let i = 0; i < this.front.length; i += chunkSize) {
        const ids = this.front.slice(i, i + chunkSize);
        for (const id of ids) placed.set(id, next);
        fresh.push({ no: next++, ids });
      }
      chunks.unshift(...fresh);
    }
    return { chunks, placed };
  }
}

/** A table of `list` in its order; later duplicates of an id are ignored. */
export function tableOf<T extends { id: string }>(list: readonly T[]): Entities<T> {
  const empty = table<T>(new Array<undefined>(width).fill(undefined), new Order([]));
  const fresh = new TableBatch<T>(empty);
  fresh.add(list);
  return fresh.finish() ?? empty;
}

import type { Change } from '../db/notify';
import type { UserRecord } from '../modules/users';

/** Users kept in memory (about 1 KB each); beyond, the least recently read is read again when used. */
const usersKept = 10_000;
/** Refresh families whose state is kept (about 100 bytes each); beyond, the oldest is read again. */
const familiesKept = 100_000;

/**
 * What most requests would otherwise read from the database: the signed-in users (flags and
 * locations), whether their sessions' refresh families are revoked, and the last live event id of
 * each location, for the list cache. Kept only while
 * this process hears every change (see `listenChanges`): a user change forgets that user, a live
 * event raises its location's id, and a lost listener forgets everything until it listens again.
 *
 * A read from the database is kept only if nothing was heard while it ran (the `generation` it
 * started at is still current): a change that committed during the read may be missing from it.
 * Changes made by this process are applied here as soon as they commit, before their
 * notification comes back, so a client sees its own changes at once; another process's changes
 * apply when their notification arrives, a few milliseconds after the commit.
 */
export class SignedInCache {
  #users = new Map<string, UserRecord>();
  /** Refresh family id → revoked. */
  #families = new Map<string, boolean>();
  #heads = new Map<string, number>();
  #generation = 0;
  #hearing = false;

  /** Changes so far: pass the value read before a database read to `keepUser` / `keepHead`. */
  get generation(): number {
    return this.#generation;
  }

  /** The user with this id, if kept. */
  user(id: string): UserRecord | undefined {
    const user = this.#users.get(id);
    if (user !== undefined) {
      this.#users.delete(id);
      this.#users.set(id, user);
    }
    return user;
  }

  /** Keeps `user`, read from the database by a read that began at `generation`. */
  keepUser(user: UserRecord, generation: number): void {
    if (!this.#current(generation)) return;
    // shared by every request of the user from now on: a write to it throws instead of leaking
    Object.freeze(user.permissions);
    Object.freeze(user.locationIds);
    this.#users.set(user.id, Object.freeze(user));
    if (this.#users.size > usersKept) this.#users.delete(this.#users.keys().next().value!);
  }

  /** Whether the refresh family is revoked, if known. */
  familyRevoked(familyId: string): boolean | undefined {
    return this.#families.get(familyId);
  }

  /** Keeps whether a refresh family is revoked, read by a read that began at `generation`. */
  keepFamily(familyId: string, revoked: boolean, generation: number): void {
    if (this.#current(generation)) this.#setFamily(familyId, revoked);
  }

  /** Refresh families revoked (by this process, committed, or heard of): their tokens die at once. */
  revoked(familyIds: readonly string[]): void {
    this.#generation++;
    for (const familyId of familyIds) this.#setFamily(familyId, true);
  }

  /** The last live event id of the location, if known. */
  head(locationId: string): number | undefined {
    return this.#heads.get(locationId);
  }

  /** Keeps `id` as the location's last event id, read by a read that began at `generation`. */
  keepHead(locationId: string, id: number, generation: number): void {
    if (this.#current(generation)) this.#raise(locationId, id);
  }

  /** A live event this process committed: its location is at `id` at least. */
  committed(locationId: string, id: number): void {
    if (this.#hearing) this.#raise(locationId, id);
  }

  /** A user this process changed (committed): read them again. */
  forget(userId: string): void {
    this.#generation++;
    this.#users.delete(userId);
  }

  /** Applies what the listener heard. */
  apply(change: Change): void {
    switch (change.kind) {
      case 'live':
        this.committed(change.locationId, change.id);
        break;
      case 'user':
        this.forget(change.userId);
        break;
      case 'revoked':
        this.revoked([change.familyId]);
        break;
      case 'listening':
      case 'lost':
        this.#generation++;
        this.#users.clear();
        this.#families.clear();
        this.#heads.clear();
        this.#hearing = change.kind === 'listening';
        break;
    }
  }

  #setFamily(familyId: string, revoked: boolean): void {
    this.#families.set(familyId, revoked);
    if (this.#families.size > familiesKept) this.#families.delete(this.#families.keys().next().value!);
  }

  #current(generation: number): boolean {
    return this.#hearing && generation === this.#generation;
  }

  /** Ids only grow: a late read or notification never lowers what is known. */
  #raise(locationId: string, id: number): void {
    if (id > (this.#heads.get(locationId) ?? -1)) this.#heads.set(locationId, id);
  }
}

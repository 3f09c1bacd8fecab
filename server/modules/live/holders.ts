import type { Socket } from 'node:net';
import type { App } from '../../app-type';
import type { Change } from '../../db/notify';
import { canSeeLocation } from '../../plugins/auth';
import { isFamilyRevoked } from '../auth';
import { type ClientKind, findUser, hasClientAccess } from '../users';

/** Who holds an open event stream: the user, their session, and the location it follows. */
export interface Holder {
  userId: string;
  /** The refresh family of the token the stream was opened with. */
  familyId: string;
  locationId: string;
  /** The kind of client it said it is, if it did. */
  client: ClientKind | undefined;
  socket: Socket;
}

/**
 * The open event streams of this process (a location's live events, a scale's readings) by user,
 * so that a revoked session or a user who lost the location, their client access or their account
 * loses the streams opened before. A stream leaves when its socket closes.
 */
export class StreamHolders {
  readonly #byUser = new Map<string, Set<Holder>>();

  /** Registers an open stream until its socket closes. */
  add(holder: Holder): void {
    let held = this.#byUser.get(holder.userId);
    if (!held) {
      held = new Set();
      this.#byUser.set(holder.userId, held);
    }
    held.add(holder);
    holder.socket.once('close', () => {
      held.delete(holder);
      if (held.size === 0 && this.#byUser.get(holder.userId) === held) this.#byUser.delete(holder.userId);
    });
  }

  /** The streams of one user. */
  ofUser(userId: string): Holder[] {
    return [...(this.#byUser.get(userId) ?? [])];
  }

  /** The streams opened in one session (refresh family). */
  ofFamily(familyId: string): Holder[] {
    return this.users().flatMap((userId) => this.ofUser(userId).filter((h) => h.familyId === familyId));
  }

  /** The users holding streams. */
  users(): string[] {
    return [...this.#byUser.keys()];
  }

  /** Every open stream. */
  all(): Holder[] {
    return this.users().flatMap((userId) => this.ofUser(userId));
  }

  /**
   * Closes the streams a committed change takes away: a revoked session's, and those of a user who
   * lost the location, that kind of client's access or their account; after listening again, what
   * was missed meanwhile may have revoked any of them.
   */
  closeLost(app: App, change: Change, onError: (error: unknown) => void): void {
    if (change.kind === 'revoked') for (const held of this.ofFamily(change.familyId)) held.socket.destroy();
    else if (change.kind === 'user')
      void closeDisallowed(app, this.ofUser(change.userId), false).catch(onError);
    else if (change.kind === 'listening') void closeDisallowed(app, this.all(), true).catch(onError);
  }
}

/** Closes those of `held` whose user may no longer have them (and, with `families`, whose session was revoked). */
async function closeDisallowed(app: App, held: Holder[], families: boolean): Promise<void> {
  const byUser = new Map<string, Holder[]>();
  for (const holder of held) byUser.set(holder.userId, [...(byUser.get(holder.userId) ?? []), holder]);
  for (const [userId, streams] of byUser) {
    const user = await findUser(app.db, userId);
    for (const holder of streams) {
      const allowed =
        user !== undefined &&
        canSeeLocation(user, holder.locationId) &&
        hasClientAccess(user, holder.client) &&
        !(families && (await isFamilyRevoked(app.db, holder.familyId)));
      if (!allowed) holder.socket.destroy();
    }
  }
}

import type { Socket } from 'node:net';
import type { ClientKind } from '../users/repository';

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
 * The open event streams of this process by user, so that a revoked session or a user who lost
 * the location, their client access or their account loses the streams opened before. A stream
 * leaves when its socket closes.
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
}

import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { notifyListenerReconnectMs } from '../../streams/config';

/** The channel of committed live events; a payload is `<locationId>:<eventId>`, nothing more. */
export const liveChannel = 'live_events';
/** The channel of changed users (their row, flags or locations); a payload is the user id. */
export const userChannel = 'user_changes';

/** The channel of revoked refresh families; a payload is the family id. */
export const revocationChannel = 'session_revocations';

/** Where notifications come from: the embedded engine itself, or a PostgreSQL server. */
export type NotifySource =
  | { kind: 'pglite'; pglite: PGlite }
  | { kind: 'postgres'; connectionString: string };

/** What a process hears of the changes committed to the database it shares with others. */
export type Change =
  | { kind: 'live'; locationId: string; id: number }
  | { kind: 'user'; userId: string }
  /** A refresh family was revoked (logout, reuse, password change): its access tokens die. */
  | { kind: 'revoked'; familyId: string }
  /** Listening (again): changes committed before this moment may not have been heard. */
  | { kind: 'listening' }
  /** The listener was lost: changes are not heard until the next `listening`. */
  | { kind: 'lost' };

/**
 * LISTENs for committed live events, user changes and revoked sessions. PGlite delivers its own NOTIFYs in-process
 * after commit; PostgreSQL uses one dedicated connection per process that reconnects when lost.
 * Says `listening` once it listens, and again after every reconnect. Answers a function that
 * stops listening.
 */
export async function listenChanges(
  source: NotifySource,
  onChange: (change: Change) => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const onLive = (payload: string) => {
    const colon = payload.lastIndexOf(':');
    const id = Number(payload.slice(colon + 1));
    if (colon > 0 && Number.isSafeInteger(id))
      onChange({ kind: 'live', locationId: payload.slice(0, colon), id });
  };
  const onUser = (userId: string) => onChange({ kind: 'user', userId });
  const onRevoked = (familyId: string) => onChange({ kind: 'revoked', familyId });
  const handlers: Record<string, (payload: string) => void> = {
    [liveChannel]: onLive,
    [userChannel]: onUser,
    [revocationChannel]: onRevoked,
  };
  if (source.kind === 'pglite') {
    const stops: (() => Promise<void>)[] = [];
    for (const [channel, handler] of Object.entries(handlers))
      stops.push(await source.pglite.listen(channel, handler));
    onChange({ kind: 'listening' });
    return async () => {
      for (const stop of stops) await stop();
    };
  }

  let client: pg.Client | undefined;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: source.connectionString });
    next.on('notification', ({ channel, payload }) => {
      if (payload) handlers[channel]?.(payload);
    });
    next.on('error', onError);
    next.once('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      onChange({ kind: 'lost' });
      void reconnect();
    });
    try {
      await next.connect();
      await next.query(
        Object.keys(handlers)
          .map((channel) => `LISTEN ${channel};`)
          .join(' '),
      );
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };
  const reconnect = async (): Promise<void> => {
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, notifyListenerReconnectMs));
      try {
        await connect();
        if (stopped) await client?.end();
        else onChange({ kind: 'listening' });
        return;
      } catch (error) {
        onError(error);
      }
    }
  };
  await connect();
  onChange({ kind: 'listening' });
  return async () => {
    stopped = true;
    await client?.end();
  };
}

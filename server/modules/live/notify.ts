import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel every process LISTENs on; a payload is `<locationId>:<eventId>`, nothing more. */
export const liveChannel = 'live_events';

/** How long a lost PostgreSQL listener waits before connecting again. */
const reconnectDelayMs = 1_000;

/** Where notifications come from: the embedded engine itself, or a PostgreSQL server. */
export type NotifySource =
  | { kind: 'pglite'; pglite: PGlite }
  | { kind: 'postgres'; connectionString: string };

/** What the listener tells the live hub. */
export interface NotifyHandlers {
  /** An event was committed (by any process sharing the database). */
  notify(locationId: string, id: number): void;
  /** The listener was reconnected: notifications may have been missed, read the log. */
  catchUp(): void;
  onError(error: unknown): void;
}

/**
 * LISTENs for committed live events. PGlite delivers its own NOTIFYs in-process after commit;
 * PostgreSQL uses one dedicated connection per process that reconnects when lost.
 * Answers a function that stops listening.
 */
export async function listenLiveEvents(
  source: NotifySource,
  handlers: NotifyHandlers,
): Promise<() => Promise<void>> {
  const onPayload = (payload: string) => {
    const colon = payload.lastIndexOf(':');
    const id = Number(payload.slice(colon + 1));
    if (colon > 0 && Number.isSafeInteger(id)) handlers.notify(payload.slice(0, colon), id);
  };
  if (source.kind === 'pglite') return source.pglite.listen(liveChannel, onPayload);

  let client: pg.Client | undefined;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: source.connectionString });
    next.on('notification', (message) => message.payload && onPayload(message.payload));
    next.on('error', handlers.onError);
    next.once('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      void reconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${liveChannel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };
  const reconnect = async (): Promise<void> => {
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs));
      try {
        await connect();
        if (stopped) await client?.end();
        else handlers.catchUp();
        return;
      } catch (error) {
        handlers.onError(error);
      }
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}

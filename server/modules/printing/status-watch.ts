import type { Kysely } from 'kysely';
import { firstValueFrom, merge, Subject, type Subscription } from 'rxjs';
import { printerStatusPollMs } from '../../../streams/config';
import {
  hostStatusQuery,
  type PrinterStatus,
  pollStatus,
  printerStatus,
  type StatusReply,
  statusReply,
  statusUnknown,
} from '../../../streams/printing';
import type { App } from '../../app-type';
import { appendLiveEvent } from '../../db/live-events';
import type { DB } from '../../db/schema';
import { rawTalk } from '../../plugins/raw-tcp';
import { labelSettings, listPrinters, lockLocationPrinters, printerAddresses } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every printer's host status, polled by this process. */
    printerWatch: PrinterWatch;
  }
}

/**
 * One status query on a printer's raw port: subscribing connects and sends `~HS`, the printer's
 * bytes come as they arrive, a failed connection errors; unsubscribing closes the socket.
 */
export const askStatus = (host: string, port: number) =>
  rawTalk(host, port, (socket) => void socket.write(hostStatusQuery));

interface Watched {
  locationId: string;
  host: string;
  port: number;
  /** Replies of the queries made just before a job, which count as polls. */
  jobReplies: Subject<StatusReply>;
  subscription: Subscription;
}

/** A location's printing set-up as GET /api/printers and the settings answer it: each printer with its status. */
export async function printingSetup(db: Kysely<DB>, watch: PrinterWatch, locationId: string) {
  const printers = await listPrinters(db, locationId);
  return {
    printers: printers.map((printer) => ({ ...printer, status: watch.status(printer.id) })),
    ...(await labelSettings(db, locationId)),
  };
}

/**
 * Polls every printer of every location for its host status and keeps each one's last state.
 * A change of state is a PRINTERS_UPDATE live event of the printer's location, as a change of
 * its set-up is. Follows the printers table at each poll, and at once after a change (`sync`).
 */
export class PrinterWatch {
  private readonly watched = new Map<string, Watched>();
  private readonly statuses = new Map<string, PrinterStatus>();
  private syncing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly app: App) {}

  /** A printer's last known status ("status unknown" before its first answer). */
  status(printerId: string): PrinterStatus {
    return this.statuses.get(printerId) ?? statusUnknown;
  }

  /** Starts polling, and following the printers table. */
  start(): void {
    void this.sync();
    this.timer = setInterval(() => void this.sync(), printerStatusPollMs).unref();
  }

  /** Stops every poll. */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    for (const watched of this.watched.values()) watched.subscription.unsubscribe();
    this.watched.clear();
  }

  /** Polls the printers the table holds now: new ones, and ones whose address changed, from scratch. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(async () => {
      if (this.stopped) return;
      try {
        const printers = await printerAddresses(this.app.db);
        if (this.stopped) return;
        const ids = new Set(printers.map((p) => p.id));
        for (const [id, watched] of this.watched) if (!ids.has(id)) this.forget(id, watched);
        for (const printer of printers) {
          const watched = this.watched.get(printer.id);
          if (watched && watched.host === printer.host && watched.port === printer.port) continue;
          if (watched) this.forget(printer.id, watched);
          this.watch(printer.id, printer.locationId, printer.host, printer.port);
        }
      } catch (error) {
        this.app.log.warn({ err: error }, 'reading the printers to poll');
      }
    });
    return this.syncing;
  }

  /**
   * Asks the printer for its status (just before a job, and after it) and answers it. A printer
   * that has not answered status (one that does not speak `~HS`) is not asked: its jobs go at once.
   */
  async check(printerId: string): Promise<PrinterStatus> {
    const watched = this.watched.get(printerId);
    if (!watched || this.status(printerId).state === 'unknown') return this.status(printerId);
    watched.jobReplies.next(await firstValueFrom(askStatus(watched.host, watched.port).pipe(statusReply())));
    return this.status(printerId);
  }

  private watch(id: string, locationId: string, host: string, port: number): void {
    const jobReplies = new Subject<StatusReply>();
    const subscription = merge(
      pollStatus(() => askStatus(host, port)),
      jobReplies,
    )
      .pipe(printerStatus())
      .subscribe((status) => {
        this.statuses.set(id, status);
        void this.announce(locationId);
      });
    this.watched.set(id, { locationId, host, port, jobReplies, subscription });
  }

  private forget(id: string, watched: Watched): void {
    watched.subscription.unsubscribe();
    this.watched.delete(id);
    this.statuses.delete(id);
  }

  /** Logs the location's printing set-up, with the new status, as a live event. */
  private async announce(locationId: string): Promise<void> {
    try {
      const event = await this.app.db.transaction().execute(async (trx) => {
        await lockLocationPrinters(trx, locationId);
        const setup = await printingSetup(trx, this, locationId);
        return appendLiveEvent(trx, locationId, { type: 'PRINTERS_UPDATE', ...setup });
      });
      this.app.signedIn.committed(event.locationId, event.id);
    } catch (error) {
      this.app.log.warn({ err: error }, 'announcing a printer status');
    }
  }
}

import { type Kysely, sql } from 'kysely';
import type { PrinterStatus } from '../../../streams/printing';
import type { DB, PrintJobsTable } from '../../db/schema';

/** How many of a location's jobs GET /api/print-jobs answers at most. */
export const recentPrintJobs = 50;

/** A label job as the history lists it. */
export interface PrintJobDoc {
  id: string;
  locationId: string;
  printerId: string | null;
  printerName: string;
  palletId: string | null;
  userId: string | null;
  username: string | null;
  createdAt: string;
  outcome: PrintJobsTable['outcome'];
  bytes: number | null;
  message: string | null;
  statusBefore: PrinterStatus;
  statusAfter: PrinterStatus | null;
}

/** What is recorded of a job. */
export interface PrintJobRecord {
  locationId: string;
  printerId: string;
  printerName: string;
  palletId: string | null;
  userId: string;
  zpl: string;
  outcome: PrintJobsTable['outcome'];
  bytes: number | null;
  message: string | null;
  statusBefore: PrinterStatus;
  statusAfter: PrinterStatus | null;
}

/** Records a label job. */
export async function insertPrintJob(db: Kysely<DB>, job: PrintJobRecord): Promise<void> {
  await db
    .insertInto('print_jobs')
    .values({
      location_id: job.locationId,
      printer_id: job.printerId,
      printer_name: job.printerName,
      pallet_id: job.palletId,
      user_id: job.userId,
      zpl: job.zpl,
      outcome: job.outcome,
      bytes: job.bytes,
      message: job.message,
      status_before: JSON.stringify(job.statusBefore),
      status_after: job.statusAfter && JSON.stringify(job.statusAfter),
    })
    .execute();
}

/** A location's most recent jobs, newest first; only one pallet's labels when `palletId` is given. */
export async function listPrintJobs(
  db: Kysely<DB>,
  locationId: string,
  palletId?: string,
): Promise<PrintJobDoc[]> {
  const rows = await db
    .selectFrom('print_jobs as j')
    .leftJoin('users as u', 'u.id', 'j.user_id')
    .select([
      'j.id',
      'j.location_id as locationId',
      'j.printer_id as printerId',
      'j.printer_name as printerName',
      'j.pallet_id as palletId',
      'j.user_id as userId',
      'u.username',
      'j.created_at as createdAt',
      'j.outcome',
      'j.bytes',
      'j.message',
      'j.status_before as statusBefore',
      'j.status_after as statusAfter',
    ])
    .where('j.location_id', '=', locationId)
    .$if(palletId !== undefined, (query) => query.where('j.pallet_id', '=', palletId as string))
    .orderBy('j.created_at', 'desc')
    .orderBy('j.id', 'desc')
    .limit(recentPrintJobs)
    .execute();
  return rows.map((row) => ({
    ...row,
    statusBefore: row.statusBefore as PrinterStatus,
    statusAfter: row.statusAfter as PrinterStatus | null,
  }));
}

/** A job's location, printer, pallet and bytes, or undefined. */
export function findPrintJob(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('print_jobs')
    .select(['id', 'location_id as locationId', 'printer_id as printerId', 'pallet_id as palletId', 'zpl'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Deletes the jobs the live event log would no longer keep: older than `retentionMs`, and beyond
 * the newest `retentionEvents` of each location. Answers how many rows went.
 */
export async function prunePrintJobs(
  db: Kysely<DB>,
  retention: { retentionMs: number; retentionEvents: number },
): Promise<number> {
  const result = await sql`
    delete from print_jobs
    where created_at < now() - make_interval(secs => ${retention.retentionMs / 1000})
      or id in (
        select id from (
          select id, row_number() over (partition by location_id order by created_at desc, id desc) as n
          from print_jobs
        ) ranked
        where n > ${retention.retentionEvents}
      )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

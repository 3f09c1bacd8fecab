import { catchError, concat, defer, map, type Observable, of } from 'rxjs';
import { type ApiError, hasErrorCode, toApiError } from '../http/errors';

/** How sending a label to a printer can fail. */
export const printFailures = ['refused', 'timed_out', 'unreachable', 'failed'] as const;

/** What a printer did with a label: took its bytes, or the socket failure in a sentence. */
export type PrintOutcome =
  | { status: 'sent'; bytes: number }
  | { status: (typeof printFailures)[number]; message: string };

/** A {@link PrintOutcome} and how long it took, as the print routes answer it. */
export type PrintResult = PrintOutcome & { elapsedMs: number };

/** A print job as the page shows it: sending, then what the printer did, or why the server could not be asked. */
export type PrintJobState =
  | { name: 'SENDING' }
  | { name: 'DONE'; result: PrintResult }
  | { name: 'FAILED'; message: string; error: ApiError };

/** Runs `send` when subscribed: SENDING at once, then its result, or FAILED with SPEC 8's message and the error. */
export function printJob(send: () => Promise<PrintResult>): Observable<PrintJobState> {
  return concat(
    of<PrintJobState>({ name: 'SENDING' }),
    defer(send).pipe(
      map((result): PrintJobState => ({ name: 'DONE', result })),
      catchError((error: unknown) => {
        const apiError = toApiError(error);
        return of<PrintJobState>({ name: 'FAILED', message: apiError.message, error: apiError });
      }),
    ),
  );
}

/** Whether a job was refused because its printer would lose it (paper out, head open): "Print anyway" may send it. */
export const mayPrintAnyway = (job: PrintJobState | null): boolean =>
  job?.name === 'FAILED' &&
  (hasErrorCode(job.error, 'PRINTER_PAPER_OUT') || hasErrorCode(job.error, 'PRINTER_HEAD_OPEN'));

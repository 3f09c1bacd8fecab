import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { catchError, combineLatest, filter, from, map, of, skip, startWith, switchMap } from 'rxjs';
import type { Locale } from '../../streams/i18n';
import { type LivePrinting, type ReadState, readThenFollow } from '../../streams/live';
import { type PrintJobState, type PrintResult, printJob } from '../../streams/printing';
// the types only: the printers' screens and the dashboard take the server's answers as they come,
// without zod's 24 KB in their first load
import type { LabelSettings, Printer, PrinterFields, PrintJob } from '../../streams/printing/printer-schema';
import { useServices } from '../services';
import { useLocationId } from './app-state';
import { useLivePrinting$ } from './live';

/** The chosen location's printers and label settings, and a way to read them again. */
export type PrintersState = ReadState<{ status: 'ready'; printers: Printer[] } & LocationLabels>;

/** What a location's label settings say: its GS1 company prefix and its labels' language. */
type LocationLabels = Omit<LabelSettings, 'locationId'>;

const loading: PrintersState = { status: 'loading' };

/** A printing set-up as the ready state. */
const readyOf = (printers: readonly unknown[], { gs1CompanyPrefix, labelLocale }: LocationLabels) => ({
  status: 'ready' as const,
  printers: printers as Printer[],
  gs1CompanyPrefix,
  labelLocale,
});

/**
 * The chosen location's printers and label settings: read over REST (again on `reload()`, after
 * this page's own change), and followed live, so a change made on another screen shows without a
 * reload.
 */
export function usePrinters(): { state: PrintersState; reload: () => void } {
  const { session } = useServices();
  const locationId = useLocationId();
  const live$ = useLivePrinting$();
  const [version, setVersion] = useState(0);
  const state$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([api, id, , printing$]) => {
          if (id === null) return of(loading);
          return readThenFollow(
            combineLatest([
              from(api.get<{ data: Printer[] }>('/api/printers', { query: { locationId: id } })),
              from(api.get<LabelSettings>(`/api/locations/${id}/settings`)),
            ]).pipe(map(([list, settings]) => readyOf(list.data, settings))),
            printing$,
            (printing): printing is LivePrinting => printing?.locationId === id,
            (printing) => readyOf(printing.printers, printing),
          );
        }),
      ),
    [session.api, locationId, version, live$] as const,
  );
  const state = useObservableState(state$, loading);
  return useMemo(() => ({ state, reload: () => setVersion((v) => v + 1) }), [state]);
}

/**
 * The chosen location's recent label jobs, newest first (null while loading), or one pallet's
 * labels (none read for `null`: a pallet the location does not have): read again on `reload()`
 * (after this page's own jobs) and at every change of the location's printers, a printer's state
 * among them, which other people's jobs change too.
 */
export function usePrintJobs(palletId?: string | null): { jobs: PrintJob[] | null; reload: () => void } {
  const { session } = useServices();
  const locationId = useLocationId();
  const live$ = useLivePrinting$();
  const [version, setVersion] = useState(0);
  const jobs$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([api, id, pallet, , printing$]) => {
          if (id === null || pallet === null) return of(null);
          const query = pallet === undefined ? { locationId: id } : { locationId: id, palletId: pallet };
          const read = () =>
            from(api.get<{ data: PrintJob[] }>('/api/print-jobs', { query })).pipe(
              map((list) => list.data),
              catchError(() => of(null)),
            );
          // the first value is the one the store holds already
          return printing$.pipe(
            skip(1),
            filter((printing) => printing?.locationId === id),
            startWith(null),
            switchMap(read),
          );
        }),
      ),
    [session.api, locationId, palletId, version, live$] as const,
  );
  const jobs = useObservableState(jobs$, null);
  return useMemo(() => ({ jobs, reload: () => setVersion((v) => v + 1) }), [jobs]);
}

/** The printer commands of the chosen location; each rejects with SPEC 8's error. */
export function usePrinterCommands() {
  const { session } = useServices();
  const locationId = useLocationId();
  return useMemo(
    () => ({
      create: (fields: PrinterFields) =>
        session.api.post<Printer>('/api/printers', { locationId, ...fields }),
      update: (id: string, fields: Partial<PrinterFields>) =>
        session.api.patch<Printer>(`/api/printers/${id}`, fields),
      remove: (id: string) => session.api.delete(`/api/printers/${id}`),
      setGs1CompanyPrefix: (prefix: string | null) =>
        session.api.patch(`/api/locations/${locationId}/settings`, { gs1CompanyPrefix: prefix }),
      setLabelLocale: (labelLocale: Locale) =>
        session.api.patch(`/api/locations/${locationId}/settings`, { labelLocale }),
      /** Prints the printer's test label; `force` also on a printer out of paper or with its head open. */
      test:
        (id: string, force = false) =>
        () =>
          session.api.post<PrintResult>(`/api/printers/${id}/test`, force ? { force } : {}),
      /** Prints a pallet's label on the location's default printer; `force` as for `test`. */
      printPallet:
        (palletId: string, force = false) =>
        () =>
          session.api.post<PrintResult>(`/api/pallets/${palletId}/print`, force ? { force } : {}),
      /** Sends a job's label again, byte for byte; `force` as for `test`. */
      reprint:
        (jobId: string, force = false) =>
        () =>
          session.api.post<PrintResult>(`/api/print-jobs/${jobId}/reprint`, force ? { force } : {}),
    }),
    [session.api, locationId],
  );
}

/** A print job's state (null before the first) and `start(send)`, which replaces a job still running. */
export function usePrintJob(): [PrintJobState | null, (send: () => Promise<PrintResult>) => void] {
  const [start, job$] = useObservableCallback<PrintJobState, () => Promise<PrintResult>>((send$) =>
    send$.pipe(switchMap((send) => printJob(send))),
  );
  return [useObservableState(job$, null), start];
}

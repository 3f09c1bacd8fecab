import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { catchError, combineLatest, from, map, of, startWith, switchMap } from 'rxjs';
import { type LabelSize, type PrintJobState, type PrintResult, printJob } from '../../streams/printing';
import { useServices } from '../services';
import { useLocationId } from './app-state';

/** A label printer of a location (GET /api/printers). */
export interface Printer extends LabelSize {
  id: string;
  locationId: string;
  name: string;
  host: string;
  port: number;
  isDefault: boolean;
}

/** What a manager sets on a printer. */
export type PrinterFields = Omit<Printer, 'id' | 'locationId'>;

/** The chosen location's printers and GS1 company prefix, and a way to read them again. */
export type PrintersState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; printers: Printer[]; gs1CompanyPrefix: string | null };

const loading: PrintersState = { status: 'loading' };

/** The chosen location's printers and label settings; `reload()` after a change. */
export function usePrinters(): { state: PrintersState; reload: () => void } {
  const { session } = useServices();
  const locationId = useLocationId();
  const [version, setVersion] = useState(0);
  const state$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([api, id]) =>
          id === null
            ? of(loading)
            : combineLatest([
                from(api.get<{ data: Printer[] }>('/api/printers', { query: { locationId: id } })),
                from(api.get<{ gs1CompanyPrefix: string | null }>(`/api/locations/${id}/settings`)),
              ]).pipe(
                map(
                  ([list, settings]): PrintersState => ({
                    status: 'ready',
                    printers: list.data,
                    gs1CompanyPrefix: settings.gs1CompanyPrefix,
                  }),
                ),
                catchError((error: unknown) => of<PrintersState>({ status: 'failed', error })),
                startWith(loading),
              ),
        ),
      ),
    [session.api, locationId, version],
  );
  const state = useObservableState(state$, loading);
  return useMemo(() => ({ state, reload: () => setVersion((v) => v + 1) }), [state]);
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
      /** Prints the printer's test label. */
      test: (id: string) => () => session.api.post<PrintResult>(`/api/printers/${id}/test`),
      /** Prints a pallet's label on the location's default printer. */
      printPallet: (palletId: string) => () =>
        session.api.post<PrintResult>(`/api/pallets/${palletId}/print`, {}),
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

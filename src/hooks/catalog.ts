import { useObservable, useObservableState } from 'observable-hooks';
import { catchError, from, map, of, startWith, switchMap } from 'rxjs';
import { useServices } from '../services';
import { useLocationId } from './app-state';

/** The allowed values of the pallet attributes at a location (GET /api/catalog). */
export interface Catalog {
  palletType: string[];
  boxType: string[];
  tomatoType: string[];
  tomatoOption: string[];
}

/** The pallet attributes a catalogue lists values of. */
export const catalogAttributes = [
  'palletType',
  'boxType',
  'tomatoType',
  'tomatoOption',
] as const satisfies readonly (keyof Catalog)[];

const empty: Catalog = { palletType: [], boxType: [], tomatoType: [], tomatoOption: [] };

/** The chosen location's catalogue; empty lists while it loads or when it cannot be read. */
export function useCatalog(): Catalog {
  const { session } = useServices();
  const locationId = useLocationId();
  const catalog$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([api, id]) =>
          id === null
            ? of(empty)
            : from(api.get<Partial<Catalog>>('/api/catalog', { query: { locationId: id } })).pipe(
                map((body) => ({ ...empty, ...body })),
                catchError(() => of(empty)),
                startWith(empty),
              ),
        ),
      ),
    [session.api, locationId],
  );
  return useObservableState(catalog$, empty);
}

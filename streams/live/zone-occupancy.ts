import { distinctUntilChanged, map, type OperatorFunction, scan } from 'rxjs';
import type { Entities } from './entities';
import type { Pallet, StorageZone } from './types';

/** A storage zone with the pallets standing in each of its rows. */
export interface ZoneOccupancy {
  zone: StorageZone;
  /** Per row (index = rowIndex), the ids of the pallets in it, in display order. */
  rows: readonly (readonly string[])[];
  /** How many pallets stand in the zone's rows. */
  palletCount: number;
}

/** What the occupancy reads of the live state (a `LiveStoreState` will do). */
export interface ZonesState {
  pallets: Entities<Pallet>;
  zones: Entities<StorageZone>;
  /** The pallet ids the last change touched; null when everything may have changed. */
  changedPallets: readonly string[] | null;
}

/** A row of a zone: where a pallet stands. */
interface Place {
  zoneId: string;
  rowIndex: number;
}

interface View {
  zones: Entities<StorageZone> | null;
  /** Where each pallet standing in a zone's rows stands. */
  places: Map<string, Place>;
  list: readonly ZoneOccupancy[];
}

/** Where a pallet stands, when that is inside one of the zones' rows. */
function placeOf(pallet: Pallet | undefined, zones: Entities<StorageZone>): Place | undefined {
  const { zoneId, rowIndex } = pallet ?? {};
  if (typeof zoneId !== 'string' || typeof rowIndex !== 'number') return undefined;
  const zone = zones.get(zoneId);
  return zone && rowIndex >= 0 && rowIndex < zone.rows ? { zoneId, rowIndex } : undefined;
}

const occupancyOf = (zone: StorageZone, rows: readonly (readonly string[])[]): ZoneOccupancy => ({
  zone,
  rows,
  palletCount: rows.reduce((sum, row) => sum + row.length, 0),
});

/** Every zone worked out from all the pallets: on the first state, a snapshot or a zone change. */
function allOf({ pallets, zones }: ZonesState): View {
  const places = new Map<string, Place>();
  const rowsOf = new Map(
    zones.ids.map((id) => [id, Array.from({ length: zones.get(id)!.rows }, () => [] as string[])]),
  );
  for (const id of pallets.ids) {
    const place = placeOf(pallets.get(id), zones);
    if (!place) continue;
    places.set(id, place);
    rowsOf.get(place.zoneId)![place.rowIndex].push(id);
  }
  return { zones, places, list: zones.ids.map((id) => occupancyOf(zones.get(id)!, rowsOf.get(id)!)) };
}

/**
 * A batch's changes: only the rows a changed pallet left or entered are worked out again (in
 * display order), and only their zones are new objects; the list is the same when none moved.
 */
function movedIn(view: View, { pallets, zones, changedPallets }: ZonesState): View {
  const touched = new Map<string, Set<number>>();
  const touch = ({ zoneId, rowIndex }: Place) =>
    touched.set(zoneId, (touched.get(zoneId) ?? new Set()).add(rowIndex));
  const changed = new Set(changedPallets);
  for (const id of changed) {
    const before = view.places.get(id);
    const after = placeOf(pallets.get(id), zones);
    if (before?.zoneId === after?.zoneId && before?.rowIndex === after?.rowIndex) continue;
    if (before) touch(before);
    if (after) {
      touch(after);
      view.places.set(id, after);
    } else view.places.delete(id);
  }
  if (!touched.size) return view;
  const list = view.list.map((occupancy) => {
    const rowIndexes = touched.get(occupancy.zone.id);
    if (!rowIndexes) return occupancy;
    const rows = occupancy.rows.map((row, rowIndex) => {
      if (!rowIndexes.has(rowIndex)) return row;
      const standing = (id: string) => {
        const place = view.places.get(id);
        return place?.zoneId === occupancy.zone.id && place.rowIndex === rowIndex;
      };
      const ids = [...new Set([...row, ...changed])].filter(standing);
      const at = new Map(ids.map((id) => [id, pallets.ids.indexOf(id)]));
      return ids.sort((a, b) => (at.get(a) as number) - (at.get(b) as number));
    });
    return occupancyOf(occupancy.zone, rows);
  });
  return { ...view, list };
}

const nothingYet: View = { zones: null, places: new Map(), list: [] };

/**
 * Operator: the storage zones in display order with the pallets in each row, from where the
 * pallets say they stand (`zoneId`, `rowIndex`; a pallet outside its zone's rows is left out).
 * The first state, a snapshot and a change of zones walk all the pallets; a live batch looks only
 * at the pallets it changed, and the list keeps its identity when none of them moved.
 */
export function zoneOccupancy(): OperatorFunction<ZonesState, readonly ZoneOccupancy[]> {
  return (state$) =>
    state$.pipe(
      scan(
        (view: View, state: ZonesState) =>
          view.zones === state.zones && state.changedPallets !== null ? movedIn(view, state) : allOf(state),
        nothingYet,
      ),
      map((view) => view.list),
      distinctUntilChanged(),
    );
}

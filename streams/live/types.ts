import type { Locale } from '../i18n/locales';
import type { Scale } from '../scales/scale';
import type { WireOrder } from './order-schema';
import type { OverviewStats } from './overview-schema';
import type { Camelized, WirePallet } from './pallet-schema';
/**
 * A pallet as the live projection keeps it (SPEC 3): its id always, the rest of the API's pallet
 * as far as a message carried it. `storageZone` is the name of the zone the pallet stands in (or,
 * until the name is known, the zone's id).
 */
export type Pallet = Pick<Camelized<WirePallet>, 'id'> & Partial<Omit<Camelized<WirePallet>, 'id'>>;

/** Whether a pallet is in stock: not shipped, not processed into small packs (kleinpak). */
export const inStock = (pallet: Pallet | undefined): boolean =>
  pallet !== undefined && (pallet.status === undefined || pallet.status === 'active');

/**
 * An order as the live projection keeps it (SPEC 3): its id and pallets always (the live stream's
 * edge makes them of any message), the rest of the API's order as far as a message carried it.
 */
export type Order = Pick<WireOrder, 'id' | 'palletIds' | 'assignedPallets'> &
  Partial<Omit<WireOrder, 'id' | 'palletIds' | 'assignedPallets'>>;

/** A storage zone of a location: its rows, each holding up to `rowCapacity` pallets. */
export interface StorageZone {
  id: string;
  locationId: string;
  name: string;
  rows: number;
  rowCapacity: number;
  /** whether the zone is cooled (SPEC 2's temperature badges); absent from servers that do not say */
  temperature?: 'cold' | 'ambient';
}

export type { OverviewStats };

/** add, update or delete of whole entities (SPEC 4 "Live updates"). */
export type EntityAction = 'add' | 'update' | 'delete';

/** What every normalised live event carries besides its body. */
export interface EventMeta {
  /** The server's per-location event id (SSE `id:`), null when the message had none. */
  eventId: number | null;
  /** When the client received it (scheduler time, ms). */
  at: number;
  locationId: string | null;
}

/** A live message in one shape, whatever spelling the server used (SPEC 3, 4, 7). */
export type LiveEvent = EventMeta &
  (
    | { type: 'pallet'; action: EntityAction; pallets: Pallet[] }
    | { type: 'order'; action: EntityAction; orders: Order[] }
    | { type: 'zone'; action: EntityAction; zones: StorageZone[] }
    | { type: 'assignment'; orderId: string; palletIds: string[]; assignmentId: string | null }
    | {
        type: 'storage';
        action: string;
        palletId: string;
        zoneId: string | null;
        rowIndex: number | null;
        positionId: string | null;
      }
    | {
        type: 'palletZone';
        action: string;
        palletId: string;
        zoneId: string | null;
        storageZone: string | null;
      }
    /** ours, not SPEC's: the location's inventory settings as an administrator saved them */
    | { type: 'settings'; settings: Record<string, unknown> }
    /** ours, not SPEC's: the location's label printers and GS1 company prefix after a change */
    | { type: 'printers'; printing: LivePrinting }
    /** ours, not SPEC's: the location's network scales after a change (as GET /api/scales answers them) */
    | { type: 'scales'; scales: readonly Scale[] }
  );

/** A location's printing set-up as a PRINTERS_UPDATE carries it (printers as GET /api/printers answers them). */
export interface LivePrinting {
  locationId: string | null;
  printers: readonly Record<string, unknown>[];
  gs1CompanyPrefix: string | null;
  /** the language the location's labels print in */
  labelLocale: Locale;
}

/** The kinds of live event; each has its own throttle window. */
export type LiveEventType = LiveEvent['type'];

/** One message of the SSE stream as the connection hands it on (SPEC 7). */
export interface SseMessage {
  /** The SSE event name: update, connected, heartbeat, reset, error or message. */
  event: string;
  /** The SSE `id:` field, when the server sent one. */
  id: string | null;
  /** The JSON body, or the raw text when it did not parse. */
  data: unknown;
}

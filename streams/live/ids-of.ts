import type { LiveEvent } from './types';

/** The ids an event names: what an optimistic or a waiting change marks. */
export function idsOf(event: LiveEvent): string[] {
  switch (event.type) {
    case 'pallet':
      return event.pallets.map((p) => p.id);
    case 'order':
      return event.orders.map((o) => o.id);
    case 'zone':
      return event.zones.map((z) => z.id);
    case 'assignment':
      return [event.orderId, ...event.palletIds];
    case 'storage':
    case 'palletZone':
      return [event.palletId];
    case 'settings':
    case 'printers':
    case 'scales':
      return [];
  }
}

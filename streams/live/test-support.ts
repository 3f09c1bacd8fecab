import type { LiveEvent, SseMessage } from './types';

export { marbles } from '../session/marbles';

/** An `event: update` SSE message with a JSON body. */
export const update = (data: Record<string, unknown>, id: number | null = null): SseMessage => ({
  event: 'update',
  id: id === null ? null : String(id),
  data: { locationId: 'L1', ...data },
});

/** A pallet message (long form) for one pallet. */
export const palletMessage = (
  id: string,
  action = 'update',
  fields: Record<string, unknown> = {},
  eventId?: number,
) => update({ type: 'PALLET_UPDATE', action, pallets: [{ id, weight: 500, ...fields }] }, eventId);

/** The entity ids an event names, joined: a short label for marble values. */
export function label(event: LiveEvent): string {
  switch (event.type) {
    case 'pallet':
      return event.pallets.map((p) => p.id).join('');
    case 'order':
      return event.orders.map((o) => o.id).join('');
    case 'zone':
      return event.zones.map((z) => z.id).join('');
    case 'assignment':
      return event.orderId;
    case 'storage':
    case 'palletZone':
      return event.palletId;
    case 'settings':
      return 'settings';
    case 'printers':
      return 'printers';
    case 'scales':
      return 'scales';
  }
}

import { hasErrorCode } from '../http/errors';
import type { QueuedChange } from './types';

/**
 * The pallet a kept making made already, or null: a pallet made on the phone carries the id the
 * phone gave it, and sent again once the server has forgotten its Idempotency-Key (24 h: the phone
 * was off the network that long, or the first answer never reached it), it is refused
 * PALLET_ID_TAKEN for that very id, taken by its own first send. Its change is done, not refused.
 */
export function madeEarlier(change: QueuedChange, error: unknown): string | null {
  const { method, path, body } = change.request;
  if (method !== 'POST' || path !== '/api/pallets' || !hasErrorCode(error, 'PALLET_ID_TAKEN')) return null;
  const id = (body as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && id === error.params.palletId ? id : null;
}

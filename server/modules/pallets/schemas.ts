import { z } from 'zod';

/** A pallet as every pallet path answers it (snake_case, CONTRACT). */
export const palletSchema = z.object({
  id: z.string(),
  location_id: z.string(),
  pallet_type: z.string(),
  box_type: z.string(),
  tomato_type: z.string(),
  tomato_option: z.string(),
  weight: z.number(),
  status: z.enum(['active', 'shipped', 'processed']),
  version: z.number().int(),
  qr_code: z.string().describe('SPEC 3 QR content: {"id":"<id>"}'),
  order_id: z.string().nullable(),
  assignment_id: z.string().nullable(),
  storage_zone: z.string().nullable().describe('name of the storage zone'),
  zone_id: z.string().nullable(),
  row_index: z.number().int().nullable(),
  added_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  shipped_at: z.string().nullable(),
  processed_at: z.string().nullable().describe('when it went to small packing (kleinpak)'),
});

/** A page of GET /api/pallets. */
export const palletPageSchema = z.object({
  data: z.array(palletSchema),
  next_cursor: z.string().nullable().describe('pass as `cursor` for the next page; null on the last'),
  last_event_id: z.number().int().describe('the live event id this page is current with'),
});

/** The most pallets one request may name: an assignment, a move, a take-out or a delete of ticked pallets. */
export const maxPalletsPerRequest = 1000;

/** A list of distinct pallet ids, for a change made to them all at once. */
export const palletIdList = z
  .array(z.uuid())
  .min(1)
  .max(maxPalletsPerRequest)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a pallet' });

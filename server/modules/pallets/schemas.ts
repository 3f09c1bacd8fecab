import { z } from 'zod';
import { palletSchema } from '../../../streams/live/pallet-schema';

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

import { z } from 'zod';

/**
 * An event of the analytics log as GET {prefix}/events and a pallet's or an order's history
 * answer it (SPEC 7), with the fields the Activity section shows; the server's answer extends it
 * with the rest of the log's row.
 */
export const loggedEventSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  palletId: z.string().nullable(),
  orderId: z.string().nullable(),
  username: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});

/** One event of the analytics log, as the Activity section shows it. */
export type LoggedEvent = z.infer<typeof loggedEventSchema>;

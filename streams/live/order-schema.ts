import { z } from 'zod';

/** The statuses of an order (SPEC 3). */
export const orderStatuses = ['open', 'assigned', 'shipped', 'complete'] as const;

/**
 * An order as the order paths answer it: the server answers with it and documents it; the live
 * projection's `Order` is typed from it.
 */
export const orderSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  customer: z.string(),
  status: z.enum(orderStatuses),
  palletIds: z.array(z.string()),
  assignedPallets: z.number().int(),
  requestedPallets: z.number().int(),
  dueDate: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  shippedAt: z.string().nullable(),
});

/** An order as the API answers it. */
export type WireOrder = z.infer<typeof orderSchema>;

import { z } from 'zod';

/**
 * SPEC 3's overview figures of a location (GET /api/dashboard/overview): the server answers with
 * it and documents it; the live store keeps its type.
 */
export const overviewSchema = z.object({
  totalKgWarehouse: z.number().describe('kg of the active pallets in the location'),
  totalKgAssigned: z.number().describe('kg of the active pallets that are on an order'),
  shippedToday: z
    .number()
    .int()
    .describe('pallets shipped since midnight UTC, or between shippedFrom and shippedTo when given'),
});

/** Dashboard overview figures (SPEC 3). */
export type OverviewStats = z.infer<typeof overviewSchema>;

import { z } from 'zod';

/** Where a pallet stands (CONTRACT: POST /api/storage/positions answers it). */
export const positionSchema = z.object({
  id: z.string(),
  palletId: z.string(),
  zoneId: z.string(),
  rowIndex: z.number().int(),
  locationId: z.string(),
});

/** Where a pallet stands. */
export type Position = z.infer<typeof positionSchema>;

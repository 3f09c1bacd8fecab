import { z } from 'zod';

/**
 * A storage zone as the API answers it (GET /api/storage/zones, a zone's change): the server
 * answers with it and documents it, the admin area parses its zones with it. The live projection
 * keeps the part it draws (`StorageZone`).
 */
export const zoneSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  rows: z.number().int().describe('number of rows; rows are numbered from 0'),
  rowCapacity: z.number().int().describe('pallets one row holds'),
  temperature: z.enum(['cold', 'ambient']).describe('cold: a cooled store; ambient: not cooled'),
  rowPallets: z
    .array(z.array(z.string()))
    .describe('per row (index = rowIndex), the pallet ids in it, first placed first'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A storage zone as the API answers it. */
export type Zone = z.infer<typeof zoneSchema>;

/** The fields of a zone a manager sets. */
export type ZoneFields = Pick<Zone, 'name' | 'rows' | 'rowCapacity' | 'temperature'>;

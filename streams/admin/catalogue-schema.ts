import { z } from 'zod';

/**
 * A location's catalogue (GET /api/catalog): the allowed values of each pallet attribute. The
 * server answers with it and documents it; the admin area and the forms take its type.
 */
export const catalogueSchema = z.object({
  locationId: z.string(),
  palletType: z.array(z.string()),
  boxType: z.array(z.string()),
  tomatoType: z.array(z.string()),
  tomatoOption: z.array(z.string()),
});

/** A location's catalogue: the allowed values of each pallet attribute. */
export type CatalogueLists = Omit<z.infer<typeof catalogueSchema>, 'locationId'>;

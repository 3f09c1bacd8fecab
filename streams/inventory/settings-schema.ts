import { z } from 'zod';

const days = z.number().int().min(1).max(365);

/** One tomato type's thresholds, as the inventory settings give and take them. */
export const thresholdsSchema = z.object({
  ripeningDays: days.describe('days since the pallet was made from which it is ripening (fresh before)'),
  nearExpiryDays: days.describe('days from which it is near expiry'),
  urgentDays: days.describe('days from which it is urgent'),
  minimumKg: z.number().min(0).max(10_000_000).describe("kg in stock below which the type's stock is low"),
});

/**
 * A location's inventory settings (GET /api/inventory/settings): the server answers with it and
 * documents it; the inventory's ageing and stock take its type.
 */
export const inventorySettingsSchema = z.object({
  locationId: z.string(),
  general: thresholdsSchema.describe('what a tomato type not listed uses'),
  tomatoTypes: z
    .array(thresholdsSchema.extend({ tomatoType: z.string(), custom: z.boolean() }))
    .describe("the catalogue's tomato types in its order, then configured types it no longer lists"),
});

/** One tomato type's thresholds. */
export type TypeSettings = z.infer<typeof thresholdsSchema>;

/** A location's inventory settings: per tomato type, and what any other type uses. */
export type InventorySettings = Omit<z.infer<typeof inventorySettingsSchema>, 'locationId'>;

import { z } from 'zod';

/**
 * A pallet as every pallet path answers it (snake_case, CONTRACT): the server answers with it and
 * documents it; the live projection's `Pallet` is typed from it, camelCased as the stream's edge
 * reads it.
 */
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

/** A pallet as the API answers it. */
export type WirePallet = z.infer<typeof palletSchema>;

/** `snake_case` as `camelCase`, as the live stream's edge reads SPEC 7's names. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** A wire object's fields under their camelCase names. */
export type Camelized<T> = { [K in keyof T as Camel<K & string>]: T[K] };

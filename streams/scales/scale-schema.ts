import { z } from 'zod';
import { scaleProtocols } from './scale-line';

/**
 * A location's network scale as the API answers it (GET /api/scales): the server answers with it
 * and documents it; the app takes its type (a live event's scale is checked by `isScale`, without
 * zod in the screens' first load).
 */
export const scaleSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  protocol: z.enum(scaleProtocols),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A location's network scale as the API answers it. */
export type Scale = z.infer<typeof scaleSchema>;

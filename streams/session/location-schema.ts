import { z } from 'zod';

/**
 * A location as the locations' lists answer it (GET /api/locations, /api/user-locations): the
 * server answers with it and documents it; the app's location picker takes its type.
 */
export const locationSchema = z.object({ id: z.uuid(), name: z.string() });

/** A location as the API lists it. */
export type LocationOption = z.infer<typeof locationSchema>;

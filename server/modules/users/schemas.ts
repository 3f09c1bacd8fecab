import { z } from 'zod';

/** Path parameter `{id}` that must be a UUID. */
export const idParamsSchema = z.object({ id: z.uuid() });

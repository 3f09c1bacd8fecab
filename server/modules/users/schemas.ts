import { z } from 'zod';
import { permissionFlagSchema } from '../permissions/flags';

/** SPEC 3's user object as answered (see `toApiUser`). */
export const apiUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  admin: z.boolean(),
  first_login: z.boolean(),
  desktop_access: z.boolean(),
  mobile_access: z.boolean(),
  permissions: z.record(permissionFlagSchema, z.boolean()),
  force_mobile_mode_enabled: z.boolean(),
  skipTokenValidation: z.boolean(),
  autoRefreshTokens: z.boolean(),
  disabled: z.boolean().describe('signs in nowhere until enabled again'),
  restrictions: z.array(z.string()).describe('restriction keys, as GET …/restrictions lists them'),
  locationIds: z.array(z.uuid()),
});

/** Path parameter `{id}` that must be a UUID. */
export const idParamsSchema = z.object({ id: z.uuid() });

/** `{success: true}`, the answer of actions without a resource. */
export const successSchema = z.object({ success: z.literal(true) });

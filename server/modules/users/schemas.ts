import { z } from 'zod';
import { locales } from '../../../streams/i18n/locales';
import { type PermissionFlag, permissionFlags } from '../permissions';

/** Every flag of SPEC 3, each true or false (an object with each flag named, so the API docs list them). */
const flagsSchema = z.object(
  Object.fromEntries(permissionFlags.map((flag) => [flag, z.boolean()])) as Record<
    PermissionFlag,
    z.ZodBoolean
  >,
);

/** One of the product's languages. */
export const localeSchema = z.enum(locales);

/** SPEC 3's user object as answered (see `toApiUser`). */
export const apiUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  admin: z.boolean(),
  first_login: z.boolean(),
  desktop_access: z.boolean(),
  mobile_access: z.boolean(),
  permissions: flagsSchema,
  force_mobile_mode_enabled: z.boolean(),
  skipTokenValidation: z.boolean(),
  autoRefreshTokens: z.boolean(),
  disabled: z.boolean().describe('signs in nowhere until enabled again'),
  locale: localeSchema.nullable().describe("the user's language; null until chosen"),
  restrictions: z.array(z.string()).describe('restriction keys, as GET …/restrictions lists them'),
  locationIds: z.array(z.uuid()),
});

/** Path parameter `{id}` that must be a UUID. */
export const idParamsSchema = z.object({ id: z.uuid() });

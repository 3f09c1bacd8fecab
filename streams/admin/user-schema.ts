import { z } from 'zod';
import { locales } from '../i18n/locales';
import { permissionFlags } from '../permissions/rules';

/** Every flag of SPEC 3, each true or false (an object with each flag named, so the API document lists them). */
const flagsSchema = z.object(
  Object.fromEntries(permissionFlags.map((flag) => [flag, z.boolean()])) as Record<
    (typeof permissionFlags)[number],
    z.ZodBoolean
  >,
);

/** One of the product's languages. */
export const localeSchema = z.enum(locales);

/**
 * SPEC 3's user object as the API answers it (snake_case flags, camelCase extras): the server
 * answers with it and documents it, the admin area parses the answers with it.
 */
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
  restrictions: z
    .array(z.string())
    .describe(
      'restriction keys, as GET …/restrictions lists them, so a validation answers a changed restriction as a changed user',
    ),
  locationIds: z.array(z.uuid()),
});

/** A user as the API answers it. */
export type ApiUser = z.infer<typeof apiUserSchema>;

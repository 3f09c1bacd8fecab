import { z } from 'zod';
import { minPasswordLength } from '../../../streams/admin/forms';
import { localeSchema } from '../../../streams/admin/user-schema';
import { permissionFlagSchema } from '../permissions';

/** Path parameter `{id}` that must be a UUID. */
export const idParamsSchema = z.object({ id: z.uuid() });

const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/, 'may hold letters, digits and . _ @ - only');

/** Fields a user manager may set; `permissions` needs manage_permissions, `admin` an admin. */
const userFieldsSchema = z.object({
  username: usernameSchema,
  password: z.string().min(minPasswordLength).max(1000),
  admin: z.boolean(),
  first_login: z.boolean(),
  desktop_access: z.boolean(),
  mobile_access: z.boolean(),
  force_mobile_mode_enabled: z.boolean(),
  skipTokenValidation: z.boolean(),
  autoRefreshTokens: z.boolean(),
  disabled: z.boolean(),
  locale: localeSchema.nullable(),
  permissions: z.partialRecord(permissionFlagSchema, z.boolean()),
  locationIds: z.array(z.uuid()).max(1000),
});
export const createUserSchema = userFieldsSchema
  .partial()
  .required({ username: true, password: true })
  .strict();
export const updateUserSchema = userFieldsSchema.partial().strict();
/** What a create or an update of a user may set. */
export type UserFields = z.infer<typeof updateUserSchema>;

import { z } from 'zod';
import { permissionFlags } from '../../../streams/permissions/rules';

/** SPEC 3's permission flags (one list for app and server), the only names `user_permissions` may hold. */
export { permissionFlags };

/** One of SPEC 3's permission flags, e.g. `manage_pallets`. */
export type PermissionFlag = (typeof permissionFlags)[number];

/** Zod schema of a permission flag name. */
export const permissionFlagSchema = z.enum(permissionFlags);

/** What other parts of the server may use of the permissions module; its routes are registered by the app. */

export type { PermissionFlag } from './flags';
export { permissionFlagSchema, permissionFlags } from './flags';

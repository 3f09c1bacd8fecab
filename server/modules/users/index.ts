/** What other parts of the server may use of the users module; its routes are registered by the app. */

export type { ClientKind, UserRecord } from './repository';
export {
  findUser,
  findUserForLogin,
  hasClientAccess,
  lockedPasswordHash,
  lockUser,
  toApiUser,
  updateUser,
} from './repository';
export { idParamsSchema } from './schemas';
export { assertMayGrant, managedUser, readableUser } from './scope';

/** What other parts of the server may use of the auth module; its routes are registered by the app. */
export { hashPassword, randomPassword } from './passwords';
export { isFamilyRevoked, revokeOtherFamilies } from './repository';

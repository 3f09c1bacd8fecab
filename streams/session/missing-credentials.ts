/** Whether a sign-in lacks its username (spaces alone count as none) or its password, which SPEC 5 refuses before any call. */
export const missingCredentials = ({
  username,
  password,
}: {
  username?: string;
  password?: string;
}): boolean => !username?.trim() || !password;

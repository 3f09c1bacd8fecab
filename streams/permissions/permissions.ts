import { catchError, concat, from, map, type Observable, of, shareReplay, switchMap } from 'rxjs';
import type { ApiClient } from '../http/client';
import type { User } from '../session/storage';
import {
  adminDefaultFlags,
  flagsFromList,
  isAdmin,
  type PermissionFlags,
  type PermissionState,
  restrictionFlags,
} from './rules';

/** The error the React binding throws when `usePermission` is used outside its provider (SPEC 8). */
export const permissionProviderMessage = 'usePermission must be used within a PermissionProvider';

/** The message kept when permissions fail to load without one of their own. */
export const permissionLoadFailedMessage = 'Failed to load permissions';

/** What loading permissions needs. */
export interface PermissionDeps {
  user$: Observable<User | null>;
  api: Pick<ApiClient, 'get'>;
  /** Development mode grants everything (SPEC 6); off unless set. */
  developmentMode?: boolean;
  /** Where a restriction load failure is reported (it is only logged). */
  log?: (message: string, error: unknown) => void;
}

/** Nobody signed in: nothing granted, nothing loading. */
export const noPermissions: PermissionState = {
  loading: false,
  admin: false,
  grantAll: false,
  flags: {},
  error: null,
};

/** desktop_access / mobile_access as the user object carries them. */
function userFlags(user: User): PermissionFlags {
  const flags: PermissionFlags = {};
  if (typeof user.desktop_access === 'boolean') flags.desktop_access = user.desktop_access;
  if (typeof user.mobile_access === 'boolean') flags.mobile_access = user.mobile_access;
  return flags;
}

async function loadFlags(user: User, deps: PermissionDeps): Promise<PermissionFlags> {
  const id = encodeURIComponent(user.id);
  let granted: PermissionFlags;
  if (user.permissions && typeof user.permissions === 'object') granted = user.permissions;
  else if (isAdmin(user)) granted = adminDefaultFlags;
  else
    granted = flagsFromList(
      await deps.api.get<Array<{ name: string }>>(`/api/permissions/users/${id}/permissions`),
    );
  // the server answers nothing else until the password is chosen; the user object comes again then
  const restrictions = user.first_login
    ? {}
    : await deps.api.get(`/api/permissions/users/${id}/restrictions`).then(restrictionFlags, (error) => {
        (deps.log ?? console.warn)('Failed to load permission restrictions', error);
        return {};
      });
  return { ...userFlags(user), ...granted, ...restrictions };
}

/**
 * The permissions of the signed-in user (SPEC 6): loading while the flags and restrictions are fetched,
 * then the merged flags; on failure the error message and empty flags.
 */
export function createPermissions(deps: PermissionDeps): Observable<PermissionState> {
  const grantAll = deps.developmentMode === true;
  return deps.user$.pipe(
    switchMap((user) => {
      if (!user) return of({ ...noPermissions, grantAll });
      const admin = isAdmin(user);
      const base = { admin, grantAll, error: null };
      return concat(
        of<PermissionState>({ ...base, loading: true, flags: {} }),
        from(loadFlags(user, deps)).pipe(
          map((flags): PermissionState => ({ ...base, loading: false, flags })),
          catchError((error: unknown) =>
            of<PermissionState>({
              ...base,
              loading: false,
              flags: {},
              error: (error instanceof Error && error.message) || permissionLoadFailedMessage,
            }),
          ),
        ),
      );
    }),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}

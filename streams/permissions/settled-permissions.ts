import { filter, firstValueFrom, type Observable } from 'rxjs';
import type { PermissionState } from './rules';

/** The permissions once they have loaded for the user who just signed in: every check is false while loading (SPEC 6). */
export const settledPermissions = (permissions$: Observable<PermissionState>): Promise<PermissionState> =>
  firstValueFrom(permissions$.pipe(filter((state) => !state.loading)));

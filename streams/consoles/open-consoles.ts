import { distinctUntilChanged, map, type OperatorFunction } from 'rxjs';
import type { PermissionState } from '../permissions/rules';
import { type OperatorConsoleName, openConsoles } from './console-rule';

/** Whether two sets hold the same members. */
export const sameMembers = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean =>
  a.size === b.size && [...a].every((member) => b.has(member));

/**
 * The consoles among `names` each permission state opens (SPEC 6's module and console rules),
 * told again only when they change: a new permission load that opens or closes no console
 * re-renders no navigation.
 */
export const openConsolesOf =
  <N extends OperatorConsoleName>(names: readonly N[]): OperatorFunction<PermissionState, ReadonlySet<N>> =>
  (permissions$) =>
    permissions$.pipe(
      map((state) => openConsoles(state, names)),
      distinctUntilChanged(sameMembers),
    );

import { describe, it } from 'vitest';
import type { PermissionFlags, PermissionState } from '../permissions/rules';
import { marbles } from '../session/marbles';
import { type OperatorConsoleName, operatorConsoleNames } from './console-rule';
import { openConsolesOf } from './open-consoles';

const state = (flags: PermissionFlags, more: Partial<PermissionState> = {}): PermissionState => ({
  loading: false,
  admin: false,
  grantAll: false,
  flags,
  error: null,
  ...more,
});
const open = (...names: OperatorConsoleName[]) => new Set(names);

describe('openConsolesOf (SPEC 6: module rule and console rule)', () => {
  it(
    'opens nothing while loading, then what the flags open, and says so again only on a change',
    marbles((m) => {
      const permissions = m.hot('  l-a-b-c-d-e', {
        l: state({}, { loading: true }),
        a: state({ sorting_access: true, view_storage_map: true }),
        // a flag no console rule reads: the same consoles, no new answer
        b: state({ sorting_access: true, view_storage_map: true, manage_pallets: true }),
        // mobile.sorting_console and mobile.storage_map, as SPEC 3 maps them
        c: state({ sorting_access: true, view_storage_map: true, restrict_sorting_console: true }),
        d: state({ sorting_access: true, view_storage_map: true, restrict_storage_console: true }),
        // admin_tab lifts a console restriction
        e: state({
          sorting_access: true,
          view_storage_map: true,
          restrict_storage_console: true,
          admin_tab: true,
        }),
      });
      const expected = '            l-a---c-d-e';
      m.expect(permissions.pipe(openConsolesOf(operatorConsoleNames))).toBeObservable(expected, {
        l: open(),
        a: open('sorting', 'storage'),
        c: open('storage'),
        d: open('sorting'),
        e: open('sorting', 'storage'),
      });
    }),
  );

  it(
    'opens to an administrator every console asked for, whatever the restrictions',
    marbles((m) => {
      const permissions = m.cold(' a-b', {
        a: state({}, { admin: true }),
        b: state({ restrict_kleinpak_console: true }, { admin: true }),
      });
      m.expect(
        permissions.pipe(openConsolesOf<OperatorConsoleName>(['sorting', 'kleinpak', 'logistics'])),
      ).toBeObservable('                         a--', { a: open('sorting', 'kleinpak', 'logistics') });
    }),
  );

  it(
    'storage needs view_storage_map, not a module flag',
    marbles((m) => {
      const permissions = m.cold(' a', {
        a: state({ sorting_access: true, kleinpak_access: true, logistics_access: true }),
      });
      m.expect(permissions.pipe(openConsolesOf(operatorConsoleNames))).toBeObservable('a', {
        a: open('sorting', 'kleinpak', 'logistics'),
      });
    }),
  );
});

import type { ComponentType } from 'react';
import { i18n } from '../i18n/i18n';
import type { Namespace } from '../i18n/resources';
import { loadLiveCode } from '../services';
import { type Chunk, createChunk } from './chunk';
import type { ScreenName } from './guards';

type LazyScreenName = Exclude<ScreenName, 'login' | 'access-denied' | 'admin-denied' | 'console-denied'>;

/**
 * A screen's code and the catalogues of its own namespaces (in the language shown), loaded
 * together, so the screen paints with its words (the shared namespaces are loaded already).
 */
const screen = (load: () => Promise<{ default: ComponentType }>, ...namespaces: Namespace[]) =>
  createChunk(() => Promise.all([load(), i18n.loadNamespaces(namespaces)]).then(([module]) => module));

/**
 * The frame around the signed-in screens (its namespaces load before the first paint), with the
 * live data's code, which every screen in it reads, and the connection's.
 */
export const shellChunk = createChunk(() =>
  Promise.all([
    import('../shell/shell'),
    loadLiveCode(),
    // the live data asks for the connection's code as soon as it runs: fetched beside it
    import('../../streams/connection/connection'),
  ]).then(([{ Shell }]) => ({ default: Shell })),
);

/** The screens loaded on demand, each its own chunk, so /login ships only what it needs. */
export const screenChunks: Record<LazyScreenName, Chunk> = {
  'change-password': screen(() => import('../screens/change-password/change-password-screen')),
  dashboard: screen(() => import('../screens/dashboard/dashboard-screen'), 'dashboard'),
  inventory: screen(() => import('../screens/inventory/inventory-screen'), 'inventory'),
  'mobile-operator': screen(
    () => import('../screens/mobile-operator/mobile-operator-screen'),
    'mobile',
    'consoles',
  ),
  'printer-config': screen(() => import('../screens/printer-config/printer-config-screen'), 'printers'),
  sorting: screen(() => import('../screens/consoles/sorting-console'), 'consoles'),
  kleinpak: screen(() => import('../screens/consoles/kleinpak-console'), 'consoles'),
  logistics: screen(() => import('../screens/consoles/logistics-console'), 'consoles', 'dashboard'),
  admin: screen(() => import('../screens/admin/admin-screen'), 'admin'),
  'admin-refresh': screen(() => import('../screens/admin-refresh/admin-refresh-screen')),
};

/** Whether a screen shows in the frame of the signed-in screens: all but the change of password, which comes first. */
export const framed = (screen: LazyScreenName) => screen !== 'change-password';

/**
 * Starts loading the code of `screen` and of the frame around it, before it is shown: while the
 * permissions that decide it are on their way.
 */
export function preloadScreen(screen: ScreenName) {
  if (!Object.hasOwn(screenChunks, screen)) return;
  screenChunks[screen as LazyScreenName].preload();
  if (framed(screen as LazyScreenName)) shellChunk.preload();
}

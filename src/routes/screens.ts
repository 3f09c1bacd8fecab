import { type Chunk, createChunk } from './chunk';
import type { ScreenName } from './guards';

type LazyScreenName = Exclude<ScreenName, 'login' | 'access-denied' | 'admin-denied' | 'console-denied'>;

/** The screens loaded on demand, each its own chunk, so /login ships only what it needs. */
export const screenChunks: Record<LazyScreenName, Chunk> = {
  'change-password': createChunk(() => import('../screens/change-password/change-password-screen')),
  dashboard: createChunk(() => import('../screens/dashboard/dashboard-screen')),
  inventory: createChunk(() => import('../screens/inventory/inventory-screen')),
  'mobile-operator': createChunk(() => import('../screens/mobile-operator/mobile-operator-screen')),
  'printer-config': createChunk(() => import('../screens/printer-config/printer-config-screen')),
  sorting: createChunk(() => import('../screens/consoles/sorting-console')),
  kleinpak: createChunk(() => import('../screens/consoles/kleinpak-console')),
  logistics: createChunk(() => import('../screens/consoles/logistics-console')),
  admin: createChunk(() => import('../screens/admin/admin-screen')),
  'admin-refresh': createChunk(() => import('../screens/admin-refresh/admin-refresh-screen')),
};

import { allowed, type PermissionState, type permissionFlags } from './rules';

/** A flag an operation may need: one of SPEC 3's, not a restriction. */
type PermissionFlag = (typeof permissionFlags)[number];

/**
 * Who may call an operation of the API (SPEC 6): anyone; a stream a browser opens with the access
 * token in its query, which the route checks itself (an EventSource sends no header); any
 * signed-in user; an administrator; or a holder of one of the flags. An administrator may call
 * every operation.
 */
export type Need =
  | 'anyone'
  | 'token-in-query'
  | 'signed-in'
  | 'admin'
  | { readonly anyOf: readonly [PermissionFlag, ...PermissionFlag[]] };

/**
 * What each operation of the API needs: the server guards every route with it (a route missing
 * here does not start), the API document says it of each operation, and the screens hide what
 * the user may not do with {@link mayCall}. Finer rules (which location, which user a manager may
 * read) stay with the operation.
 */
export const apiPolicy = {
  'GET /api/health': 'anyone',
  'GET /api/ready': 'anyone',

  'POST /api/auth/login': 'anyone',
  'POST /api/auth/refresh-token': 'anyone',
  'GET /api/auth/validate': 'signed-in',
  'POST /api/auth/logout': 'signed-in',
  'POST /api/auth/change-password': 'signed-in',
  'PATCH /api/auth/me': 'signed-in',

  'GET /api/users': { anyOf: ['manage_users'] },
  'GET /api/users/:id': 'signed-in',
  'POST /api/users': { anyOf: ['manage_users'] },
  'PATCH /api/users/:id': { anyOf: ['manage_users'] },
  'DELETE /api/users/:id': { anyOf: ['manage_users'] },
  'GET /api/permissions/users/:id/permissions': 'signed-in',
  'PUT /api/permissions/users/:id/permissions': { anyOf: ['manage_permissions'] },
  'GET /api/permissions/users/:id/restrictions': 'signed-in',
  'PUT /api/permissions/users/:id/restrictions': { anyOf: ['manage_permissions'] },

  'GET /api/locations': 'signed-in',
  'GET /api/user-locations': 'signed-in',
  'POST /api/locations': 'admin',
  'PATCH /api/locations/:id': 'admin',
  'DELETE /api/locations/:id': 'admin',
  'GET /api/locations/:id/settings': 'signed-in',
  'PATCH /api/locations/:id/settings': { anyOf: ['manage_users'] },

  'POST /api/analytics/events': 'signed-in',
  'GET /api/insights/event-types': { anyOf: ['view_analytics'] },
  'GET /api/insights/events': { anyOf: ['view_analytics'] },
  'GET /api/insights/events/pallet/:id': { anyOf: ['view_analytics'] },
  'GET /api/insights/events/order/:id': { anyOf: ['view_analytics'] },
  'POST /api/insights/events/:id/intervention': { anyOf: ['view_analytics'] },
  'GET /api/insights/stats': { anyOf: ['view_analytics'] },
  'GET /api/insights/user-activity': { anyOf: ['view_analytics'] },

  'GET /api/sse/location/:locationId': 'token-in-query',

  'GET /api/catalog': 'signed-in',
  'PUT /api/catalog': 'admin',
  'GET /api/inventory/settings': 'signed-in',
  'PUT /api/inventory/settings': 'admin',
  'GET /api/dashboard/overview': 'signed-in',

  'GET /api/pallets': 'signed-in',
  'POST /api/pallets': { anyOf: ['manage_pallets'] },
  'GET /api/pallets/:id': 'signed-in',
  'PATCH /api/pallets/:id': { anyOf: ['manage_pallets'] },
  'DELETE /api/pallets/:id': { anyOf: ['manage_pallets'] },
  'POST /api/pallets/deletions': { anyOf: ['manage_pallets'] },
  'POST /api/pallets/:id/process': { anyOf: ['manage_pallets', 'kleinpak_access'] },

  'GET /api/orders': 'signed-in',
  'POST /api/orders': { anyOf: ['manage_orders'] },
  'GET /api/orders/:id': 'signed-in',
  'PATCH /api/orders/:id': { anyOf: ['manage_orders'] },
  'DELETE /api/orders/:id': { anyOf: ['manage_orders'] },
  'POST /api/orders/:id/assign': { anyOf: ['manage_orders'] },
  'DELETE /api/orders/:id/pallets/:palletId': { anyOf: ['manage_orders'] },
  'POST /api/orders/:id/ship': { anyOf: ['manage_orders'] },

  'GET /api/storage/zones': 'signed-in',
  'POST /api/storage/zones': { anyOf: ['manage_storage_assignments'] },
  'PATCH /api/storage/zones/:id': { anyOf: ['manage_storage_assignments'] },
  'DELETE /api/storage/zones/:id': { anyOf: ['manage_storage_assignments'] },
  'POST /api/storage/positions': { anyOf: ['manage_storage_assignments'] },
  'DELETE /api/storage/positions/:palletId': { anyOf: ['manage_storage_assignments'] },
  'POST /api/storage/moves': { anyOf: ['manage_storage_assignments'] },
  'POST /api/storage/take-outs': { anyOf: ['manage_storage_assignments'] },

  'GET /api/printers': 'signed-in',
  'POST /api/printers': { anyOf: ['manage_users'] },
  'PATCH /api/printers/:id': { anyOf: ['manage_users'] },
  'DELETE /api/printers/:id': { anyOf: ['manage_users'] },
  'POST /api/printers/:id/test': 'signed-in',
  'GET /api/pallets/:id/label.zpl': 'signed-in',
  'POST /api/pallets/:id/print': 'signed-in',
  'GET /api/print-jobs': 'signed-in',
  'POST /api/print-jobs/:id/reprint': 'signed-in',

  'GET /api/scales': 'signed-in',
  'POST /api/scales': { anyOf: ['manage_users'] },
  'PATCH /api/scales/:id': { anyOf: ['manage_users'] },
  'DELETE /api/scales/:id': { anyOf: ['manage_users'] },
  'GET /api/scales/:id/readings': 'token-in-query',
} as const satisfies Record<string, Need>;

/** An operation of the API, as `METHOD /path` with Fastify's `:param`s. */
export type ApiOperation = keyof typeof apiPolicy;

/**
 * Whether a signed-in user who is not an administrator, holding the flags `holds` says yes to,
 * meets `need`.
 */
export function meets(need: Need, holds: (flag: PermissionFlag) => boolean): boolean {
  if (need === 'admin') return false;
  if (typeof need === 'string') return true;
  return need.anyOf.some(holds);
}

/** Whether the signed-in user may call `operation`, for a screen to hide what they may not do. */
export const mayCall = (state: PermissionState, operation: ApiOperation): boolean =>
  allowed(state, (flags) => meets(apiPolicy[operation], (flag) => flags[flag] === true));

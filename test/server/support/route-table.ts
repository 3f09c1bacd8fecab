import type { PermissionFlag } from '../../../server/modules/permissions/flags';

/** Ids a route's path needs: an existing user and an existing analytics event. */
export interface RouteIds {
  userId: string;
  eventId: string;
}

/** One authenticated route of the auth/users/permissions/locations/analytics modules. */
export interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: (ids: RouteIds) => string;
  /** What the caller needs beyond a valid token: a flag, or `admin`. */
  needs?: PermissionFlag | 'admin';
  /** A valid body, for routes that take one. */
  body?: unknown;
}

/** Every signed-in route these modules serve, for the guard and fuzz tests. */
export const routeTable: RouteCase[] = [
  { method: 'GET', path: () => '/api/auth/validate' },
  { method: 'POST', path: () => '/api/auth/logout' },
  {
    method: 'POST',
    path: () => '/api/auth/change-password',
    body: { currentPassword: 'whatever1', newPassword: 'whatever2' },
  },
  { method: 'GET', path: () => '/api/users', needs: 'manage_users' },
  {
    method: 'POST',
    path: () => '/api/users',
    needs: 'manage_users',
    body: { username: 'fresh', password: 'password1' },
  },
  { method: 'GET', path: ({ userId }) => `/api/users/${userId}`, needs: 'manage_users' },
  {
    method: 'PATCH',
    path: ({ userId }) => `/api/users/${userId}`,
    needs: 'manage_users',
    body: { first_login: true },
  },
  { method: 'DELETE', path: ({ userId }) => `/api/users/${userId}`, needs: 'manage_users' },
  // reading flags and restrictions: oneself, manage_users or manage_permissions (permissions.test.ts)
  { method: 'GET', path: ({ userId }) => `/api/permissions/users/${userId}/permissions` },
  {
    method: 'PUT',
    path: ({ userId }) => `/api/permissions/users/${userId}/permissions`,
    needs: 'manage_permissions',
    body: [{ name: 'manage_orders' }],
  },
  { method: 'GET', path: ({ userId }) => `/api/permissions/users/${userId}/restrictions` },
  {
    method: 'PUT',
    path: ({ userId }) => `/api/permissions/users/${userId}/restrictions`,
    needs: 'manage_permissions',
    body: { data: [{ restriction_key: 'restrict_admin_tab' }] },
  },
  { method: 'GET', path: () => '/api/locations' },
  { method: 'GET', path: () => '/api/user-locations' },
  { method: 'POST', path: () => '/api/locations', needs: 'admin', body: { name: 'Somewhere' } },
  // a location nobody has: the guards answer before it is looked up
  {
    method: 'PATCH',
    path: () => '/api/locations/00000000-0000-4000-8000-000000000000',
    needs: 'admin',
    body: { name: 'Elsewhere' },
  },
  { method: 'DELETE', path: () => '/api/locations/00000000-0000-4000-8000-000000000000', needs: 'admin' },
  { method: 'POST', path: () => '/api/analytics/events', body: { event_type: 'error', location_id: 0 } },
  { method: 'GET', path: () => '/api/insights/event-types', needs: 'view_analytics' },
  { method: 'GET', path: () => '/api/insights/events', needs: 'view_analytics' },
  { method: 'GET', path: ({ userId }) => `/api/insights/events/pallet/${userId}`, needs: 'view_analytics' },
  { method: 'GET', path: ({ userId }) => `/api/insights/events/order/${userId}`, needs: 'view_analytics' },
  { method: 'GET', path: () => '/api/insights/stats', needs: 'view_analytics' },
  { method: 'GET', path: () => '/api/insights/user-activity', needs: 'view_analytics' },
  {
    method: 'POST',
    path: ({ eventId }) => `/api/insights/events/${eventId}/intervention`,
    needs: 'view_analytics',
    body: { notes: 'looked at it' },
  },
];

/** Every table these modules write: a request that is refused must leave them all unchanged. */
export const writtenTables = [
  'users',
  'user_permissions',
  'user_restrictions',
  'user_locations',
  'locations',
  'refresh_tokens',
  'idempotency_keys',
  'analytics_events',
  'analytics_interventions',
  'live_events',
  'location_event_counters',
];

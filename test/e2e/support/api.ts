import { adminPassword } from './server';

/** A JSON call against the test server; throws with the body on an error status. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

type Login = { token: string; refreshToken: string; user: { id: string; first_login: boolean } };

/** The password the admin has after the first-login change. */
export const adminNewPassword = 'e2e-admin-changed-1';

/** The people the browser tests sign in as. */
export const people = {
  desk: { username: 'e2e-desk', password: 'desk-password-1' },
  phone: { username: 'e2e-phone', password: 'phone-password-1' },
  both: { username: 'e2e-both', password: 'both-password-1' },
  forced: { username: 'e2e-forced', password: 'forced-password-1' },
  newbie: { username: 'e2e-newbie', password: 'newbie-password-1' },
  manager: { username: 'e2e-manager', password: 'manager-password-1' },
  viewer: { username: 'e2e-viewer', password: 'viewer-password-1' },
} as const;

/**
 * Prepares a fresh server: the admin changes the first-login password, then creates one user per
 * kind of visitor, each on the demo location(s).
 */
export async function seedPeople(base: string) {
  const first = await call<Login>(base, 'POST', '/api/auth/login', {
    username: 'admin',
    password: adminPassword,
    rememberMe: false,
  });
  await call(
    base,
    'POST',
    '/api/auth/change-password',
    { currentPassword: adminPassword, newPassword: adminNewPassword },
    first.token,
  );
  const { token } = await call<Login>(base, 'POST', '/api/auth/login', {
    username: 'admin',
    password: adminNewPassword,
    rememberMe: false,
  });
  const list = () =>
    call<{ data: { id: string; name: string }[] }>(base, 'GET', '/api/locations', undefined, token);
  // demo data brings a location; without it the tests make their own
  if ((await list()).data.length === 0)
    await call(base, 'POST', '/api/locations', { name: 'E2E Depot' }, token);
  const { data: locations } = await list();
  const locationIds = locations.map((l) => l.id);
  const make = (who: { username: string; password: string }, fields: Record<string, unknown>) =>
    call<{ data: { id: string } }>(
      base,
      'POST',
      '/api/users',
      { ...who, locationIds, first_login: false, ...fields },
      token,
    );
  const grant = async (who: { username: string; password: string }, flags: string[]) => {
    const made = await make(who, { desktop_access: true, mobile_access: false });
    const names = ['desktop_access', ...flags].map((name) => ({ name }));
    await call(base, 'PUT', `/api/permissions/users/${made.data.id}/permissions`, names, token);
  };
  await make(people.desk, { desktop_access: true, mobile_access: false });
  await make(people.phone, { desktop_access: false, mobile_access: true });
  await make(people.both, { desktop_access: true, mobile_access: true });
  await make(people.forced, { desktop_access: true, mobile_access: true, force_mobile_mode_enabled: true });
  await make(people.newbie, { desktop_access: true, mobile_access: true, first_login: true });
  await grant(people.manager, [
    'manage_pallets',
    'manage_orders',
    'view_storage_map',
    'manage_storage_assignments',
    'view_analytics',
  ]);
  await grant(people.viewer, ['view_storage_map']);
  return { adminToken: token, locations };
}

/** A pallet as the API answers it (pallet paths are snake_case). */
export type ApiPallet = { id: string; version: number; weight: number };

/** Gives the location a small tomato catalogue, so pallets can be made there. */
export async function putCatalog(base: string, token: string, locationId: string) {
  await call(
    base,
    'PUT',
    '/api/catalog',
    {
      locationId,
      palletType: ['Euro', 'Block'],
      boxType: ['Crate', 'Carton'],
      tomatoType: ['Cherry', 'Beef', 'Vine'],
      tomatoOption: ['Loose', 'Packed'],
    },
    token,
  );
}

/** Makes a pallet at the location through the API. */
export const createPallet = (base: string, token: string, locationId: string, weight = 512) =>
  call<ApiPallet>(
    base,
    'POST',
    '/api/pallets',
    { locationId, palletType: 'Euro', boxType: 'Crate', tomatoType: 'Cherry', tomatoOption: 'Loose', weight },
    token,
  );

/** Adds the location's default label printer on 127.0.0.1 (a 4 × 6 inch label at 203 dpi) through the API. */
export const addDefaultPrinter = (
  base: string,
  token: string,
  locationId: string,
  name: string,
  port: number,
) =>
  call<{ id: string }>(
    base,
    'POST',
    '/api/printers',
    {
      locationId,
      name,
      host: '127.0.0.1',
      port,
      dpi: 203,
      labelWidthMm: 101.6,
      labelHeightMm: 152.4,
      isDefault: true,
    },
    token,
  );

/** The newest live event id of the location, as its pallet list reports it. */
export const lastEventIdOf = async (base: string, token: string, locationId: string) =>
  (
    await call<{ last_event_id: number }>(
      base,
      'GET',
      `/api/pallets?locationId=${locationId}&limit=1`,
      undefined,
      token,
    )
  ).last_event_id;

/** A phone-only user of `locationId`, signed in before (no first login), with `permissions` granted. */
export async function createPhoneUser(
  base: string,
  token: string,
  locationId: string,
  who: { username: string; password: string },
  permissions: string[],
) {
  const made = await call<{ data: { id: string } }>(
    base,
    'POST',
    '/api/users',
    { ...who, locationIds: [locationId], first_login: false, desktop_access: false, mobile_access: true },
    token,
  );
  await call(
    base,
    'PUT',
    `/api/permissions/users/${made.data.id}/permissions`,
    ['mobile_access', ...permissions].map((name) => ({ name })),
    token,
  );
  return made.data.id;
}

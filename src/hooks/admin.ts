import { useMemo } from 'react';
import { firstValueFrom } from 'rxjs';
import { z } from 'zod';
import type { CatalogueLists } from '../../streams/admin/catalogue-schema';
import { type ApiUser, apiUserSchema } from '../../streams/admin/user-schema';
import type { Locale } from '../../streams/i18n';
import { type ZoneFields, zoneSchema } from '../../streams/live/zone-schema';
import type { LocationOption } from '../../streams/session/location-schema';
import { useServices } from '../services';
import { dataOf, useApiRead } from './api-read';

const usersAnswer = z.object({ data: z.array(apiUserSchema) });
const zonesAnswer = z.object({ data: z.array(zoneSchema) });

/** What a create or an edit of a user sends (PATCH sends only what changed). */
export type UserFields = Partial<
  Pick<
    ApiUser,
    | 'username'
    | 'admin'
    | 'first_login'
    | 'desktop_access'
    | 'mobile_access'
    | 'force_mobile_mode_enabled'
    | 'skipTokenValidation'
    | 'autoRefreshTokens'
    | 'disabled'
    | 'locationIds'
    | 'locale'
  >
> & { password?: string };

/** The users the signed-in manager may see (the server's scope), and `reload()` after a change. */
export const useAdminUsers = () =>
  useApiRead('/api/users', undefined, (body) => usersAnswer.parse(body).data);

/** Every location (the Locations section: administrators). */
export const useAllLocations = () => useApiRead('/api/locations', undefined, dataOf<LocationOption[]>);

/** The storage zones of `locationId`. */
export const useAdminZones = (locationId: string | null) =>
  useApiRead(locationId && '/api/storage/zones', { locationId }, (body) => zonesAnswer.parse(body).data);

/** The catalogue of `locationId`. */
export const useAdminCatalogue = (locationId: string | null) =>
  useApiRead(locationId && '/api/catalog', { locationId }, (body) => body as CatalogueLists);

/** The admin area's commands; each rejects with SPEC 8's error (the server's sentence for a 409). */
export function useAdminCommands() {
  const { session, analytics } = useServices();
  const { api } = session;
  return useMemo(
    () => ({
      createUser: (fields: UserFields & { username: string; password: string }) =>
        api.post<{ data: ApiUser }>('/api/users', fields),
      updateUser: (id: string, fields: UserFields) =>
        api.patch<{ data: ApiUser }>(`/api/users/${id}`, fields),
      deleteUser: (id: string) => api.delete(`/api/users/${id}`),
      setPermissions: (id: string, flags: readonly string[]) =>
        api.put(
          `/api/permissions/users/${id}/permissions`,
          flags.map((name) => ({ name })),
        ),
      setRestrictions: (id: string, keys: readonly string[]) =>
        api.put(`/api/permissions/users/${id}/restrictions`, {
          data: keys.map((restriction_key) => ({ restriction_key })),
        }),
      createLocation: (name: string, labelLocale: Locale) =>
        api.post('/api/locations', { name, labelLocale }),
      renameLocation: (id: string, name: string) => api.patch(`/api/locations/${id}`, { name }),
      deleteLocation: (id: string) => api.delete(`/api/locations/${id}`),
      createZone: (locationId: string, fields: ZoneFields) =>
        api.post('/api/storage/zones', { locationId, ...fields }),
      updateZone: (id: string, fields: Partial<ZoneFields>) => api.patch(`/api/storage/zones/${id}`, fields),
      deleteZone: (id: string) => api.delete(`/api/storage/zones/${id}`),
      saveCatalogue: (locationId: string, lists: CatalogueLists) =>
        api.put('/api/catalog', { locationId, ...lists }),
      /** SPEC 7's intervention on an event (the server logs it as intervention_added). */
      addIntervention: (eventId: string, notes: string) =>
        firstValueFrom(analytics.addIntervention(eventId, { notes })),
    }),
    [api, analytics],
  );
}

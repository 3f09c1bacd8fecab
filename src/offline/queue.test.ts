import { asyncScheduler, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createFakeFetch } from '../../streams/http/fake-fetch';
import { memoryQueueStorage } from '../../streams/offline';
import { createMemoryStorage, createSession } from '../../streams/session';
import { offlineQueueOf } from './queue';

const ann = { id: 'u1', username: 'ann', admin: false, first_login: false, mobile_access: true };
const id = '019ac3a4-5b6c-7d8e-9f01-23456789abcd';

describe("the phone's offline queue over the API", () => {
  it('a pallet making sent again after the server forgot its key, refused for its own id, is done, not refused', async () => {
    const fetch = createFakeFetch((request) => {
      if (request.method === 'POST' && request.path === '/api/pallets')
        return {
          status: 409,
          body: {
            message: `A pallet with id ${id} already exists`,
            code: 'PALLET_ID_TAKEN',
            params: { palletId: id },
          },
        };
      if (request.path === `/api/pallets/${id}`) return { body: { id, location_id: 'l1', weight: 512.5 } };
      return { status: 404 };
    });
    const session = createSession({
      fetch,
      storage: {
        local: createMemoryStorage({ token: 't', userData: JSON.stringify(ann) }),
        session: createMemoryStorage(),
      },
      online$: of(true),
      scheduler: asyncScheduler,
      random: () => 0.5,
    });
    const queue = offlineQueueOf(session, of(true), memoryQueueStorage());
    const request = {
      method: 'POST' as const,
      path: '/api/pallets',
      body: { id, locationId: 'l1', weight: 512.5 },
    };
    await expect(queue.enqueue('u1', request, { key: 'mobile:queue.make', params: {} })).resolves.toBe(
      'sent',
    );
    expect(fetch.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/pallets',
      `GET /api/pallets/${id}`,
    ]);
    queue.stop();
  });
});

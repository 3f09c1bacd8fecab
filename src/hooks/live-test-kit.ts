import { asyncScheduler, of, Subject } from 'rxjs';
import { fakeEventSources } from '../../streams/connection/fake-event-source';
import { createFakeFetch, type FakeAnswer, type FakeRequest } from '../../streams/http/fake-fetch';
import type { SseMessage } from '../../streams/live/types';
import { memoryQueueStorage } from '../../streams/offline';
import { createMemoryStorage, createSession, type User } from '../../streams/session';
import { fakeDevice } from '../fake-device';
import { createServices, type Device, loadLiveCode } from '../services';
import { nextViewport } from '../ui/layout/viewport';

// as the frame of the signed-in screens does, before anything reads the live store
await loadLiveCode();

/** The signed-in desk user of these tests, at location l1. */
const ann: User = {
  id: 'u1',
  username: 'ann',
  admin: false,
  first_login: false,
  desktop_access: true,
  mobile_access: false,
};

/** An access token as the server signs them, far from expiring (its signature is not checked here). */
const accessToken = `h.${btoa(JSON.stringify({ sub: 'u1', exp: 4_000_000_000 })).replace(/=+$/, '')}.s`;

/** A pallet document as the server sends it (snake_case). */
export const palletDoc = (id: string, weight: number, fields: Record<string, unknown> = {}) => ({
  id,
  location_id: 'l1',
  weight,
  version: 1,
  status: 'active',
  ...fields,
});

/**
 * The app's real services (session, live store, pipeline) for ann at location l1, over a fake
 * server: `answer` may answer a request itself, else the snapshot holds `pallets` (newest first,
 * current with event 1), no orders or zones. `sse` stands in for the location's event stream,
 * `scales` for the scales' readings streams, and `device` for the browser's effects.
 */
export function liveServices(
  pallets: readonly Record<string, unknown>[],
  answer: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | undefined = () => undefined,
  device: Partial<Device> = {},
) {
  const sse = new Subject<SseMessage>();
  const scales = fakeEventSources();
  const fetch = createFakeFetch((request) => {
    const special = answer(request);
    if (special) return special;
    if (request.path === '/api/pallets')
      return { body: { data: pallets, next_cursor: null, last_event_id: 1 } };
    if (request.path === '/api/orders' || request.path === '/api/storage/zones')
      return { body: { data: [], nextCursor: null, lastEventId: 1 } };
    if (request.path === '/api/dashboard/overview')
      return { body: { totalKgWarehouse: 700, totalKgAssigned: 0, shippedToday: 0 } };
    return { status: 404 };
  });
  const local = createMemoryStorage({ token: 't', userData: JSON.stringify(ann), locationId: 'l1' });
  const session = createSession({
    fetch,
    storage: { local, session: createMemoryStorage() },
    online$: of(true),
    scheduler: asyncScheduler,
    random: () => 0.5,
  });
  const services = createServices(session, {
    viewport$: of(nextViewport(null, { width: 1280, height: 800 })),
    userAgent: 'test',
    connection: () => ({ state$: of(null), messagesOf: () => sse }),
    random: () => 0.5,
    storage: local,
    showPath: () => {},
    // the scales' streams open with a token that reads as an access token, unlike the session's
    scaleFeed: {
      eventSource: scales.eventSource,
      storage: { local: createMemoryStorage({ token: accessToken }), session: createMemoryStorage() },
      now: Date.now,
    },
    device: fakeDevice(device),
    scheduler: asyncScheduler,
    queueStorage: memoryQueueStorage(),
  });
  /** Sends an `event: update` with this id and body (at location l1). */
  const send = (data: Record<string, unknown>, id: number) =>
    sse.next({ event: 'update', id: String(id), data: { locationId: 'l1', ...data } });
  /** The stream opens: the store loads its snapshot. */
  const connect = () => sse.next({ event: 'connected', id: null, data: { lastEventId: 1 } });
  return { services, fetch, send, connect, local, scales };
}

import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { memo } from 'react';
import { asyncScheduler, of, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeFetch, type FakeRequest } from '../../streams/http/fake-fetch';
import type { SseMessage } from '../../streams/live/types';
import { createMemoryStorage, createSession, type User } from '../../streams/session';
import { createServices, ServicesProvider } from '../services';
import { nextViewport } from '../ui/layout/viewport';
import { useLiveStatus, useOverview, usePallet, usePalletIds } from './live';

// A screen built on the live hooks, over the real session, live store and pipeline; the server is
// a fake fetch for the snapshot and a Subject standing in for the location's SSE stream.

afterEach(cleanup);

const ann: User = {
  id: 'u1',
  username: 'ann',
  admin: false,
  first_login: false,
  desktop_access: true,
  mobile_access: false,
};

const pallet = (id: string, weight: number) => ({
  id,
  location_id: 'l1',
  tomato_type: 'Cherry',
  weight,
  status: 'active',
  created_at: '2026-11-24T10:00:00.000Z',
});

function snapshotAnswer(request: FakeRequest) {
  if (request.path === '/api/pallets')
    return { body: { data: [pallet('b', 400), pallet('a', 300)], next_cursor: null, last_event_id: 7 } };
  if (request.path === '/api/orders' || request.path === '/api/storage/zones')
    return { body: { data: [], nextCursor: null, lastEventId: 7 } };
  if (request.path === '/api/dashboard/overview')
    return { body: { totalKgWarehouse: 700, totalKgAssigned: 0, shippedToday: 0 } };
  return { status: 404 };
}

function mount() {
  const sse = new Subject<SseMessage>();
  const session = createSession({
    fetch: createFakeFetch(snapshotAnswer),
    storage: {
      local: createMemoryStorage({ token: 't', userData: JSON.stringify(ann), locationId: 'l1' }),
      session: createMemoryStorage(),
    },
    online$: of(true),
    scheduler: asyncScheduler,
    random: () => 0.5,
  });
  const services = createServices(session, {
    viewport$: of(nextViewport(null, { width: 1280, height: 800 })),
    userAgent: 'test',
    connection: () => ({ state$: of(null), messagesOf: () => sse }),
    random: () => 0.5,
    showPath: () => {},
  });
  const renders: Record<string, number> = {};
  // rows are memoised on their id, as the board's are: only their own slice re-renders them
  const Row = memo(function Row({ id }: { id: string }) {
    const p = usePallet(id);
    renders[id] = (renders[id] ?? 0) + 1;
    return <li data-testid="row">{`${id} ${p?.weight}`}</li>;
  });
  function Board() {
    const ids = usePalletIds();
    const status = useLiveStatus();
    const overview = useOverview();
    return (
      <div>
        <p data-testid="status">{status}</p>
        <p data-testid="kg">{overview.totalKgWarehouse}</p>
        <ul>
          {ids.map((id) => (
            <Row key={id} id={id} />
          ))}
        </ul>
      </div>
    );
  }
  render(
    <ServicesProvider services={services}>
      <Board />
    </ServicesProvider>,
  );
  const send = (data: Record<string, unknown>, id: number) =>
    act(() => sse.next({ event: 'update', id: String(id), data: { locationId: 'l1', ...data } }));
  return { sse, send, renders };
}

const rows = () => screen.queryAllByTestId('row').map((row) => row.textContent);

describe('the live hooks', () => {
  it('show a pallet added, changed and removed by SSE messages, in order, re-rendering only the changed row', async () => {
    const { sse, send, renders } = mount();
    expect(screen.getByTestId('status').textContent).toBe('loading');
    act(() => sse.next({ event: 'connected', id: null, data: { lastEventId: 7 } }));
    await waitFor(() => expect(rows()).toEqual(['b 400', 'a 300']));
    expect(screen.getByTestId('status').textContent).toBe('ready');
    expect(screen.getByTestId('kg').textContent).toBe('700');

    send({ type: 'PALLET_UPDATE', action: 'add', pallets: [pallet('c', 500)] }, 8);
    await waitFor(() => expect(rows()).toEqual(['c 500', 'b 400', 'a 300']));
    const before = { ...renders };

    send({ type: 'PALLET_UPDATE', action: 'update', pallets: [pallet('b', 450)] }, 9);
    await waitFor(() => expect(rows()).toEqual(['c 500', 'b 450', 'a 300']));
    expect(renders.b).toBe(before.b + 1);
    expect(renders.a).toBe(before.a);
    expect(renders.c).toBe(before.c);
    expect(screen.getByTestId('kg').textContent).toBe('1250');

    send({ type: 'PALLET_UPDATE', action: 'delete', pallets: [{ id: 'c' }] }, 10);
    await waitFor(() => expect(rows()).toEqual(['b 450', 'a 300']));
    expect(renders.a).toBe(before.a);
  });

  it('ignores an event the snapshot already holds', async () => {
    const { sse, send } = mount();
    act(() => sse.next({ event: 'connected', id: null, data: { lastEventId: 7 } }));
    await waitFor(() => expect(rows()).toEqual(['b 400', 'a 300']));
    send({ type: 'PALLET_UPDATE', action: 'update', pallets: [pallet('a', 999)] }, 7);
    send({ type: 'PALLET_UPDATE', action: 'update', pallets: [pallet('a', 310)] }, 11);
    await waitFor(() => expect(rows()).toEqual(['b 400', 'a 310']));
  });
});

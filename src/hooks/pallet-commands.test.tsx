import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { memo } from 'react';
import { asyncScheduler, of, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeFetch, type FakeAnswer, type FakeRequest } from '../../streams/http/fake-fetch';
import type { Pallet } from '../../streams/live';
import type { SseMessage } from '../../streams/live/types';
import { createMemoryStorage, createSession, type User } from '../../streams/session';
import { createServices, ServicesProvider } from '../services';
import { nextViewport } from '../ui/layout/viewport';
import { useOptimistic, usePallet, usePalletIds } from './live';
import { usePalletCommands } from './pallet-commands';

// The pallet commands over the real live store: a change shows at once, marked optimistic, and
// a refused one goes back to what the server holds.

afterEach(cleanup);

const ann: User = {
  id: 'u1',
  username: 'ann',
  admin: false,
  first_login: false,
  desktop_access: true,
  mobile_access: false,
};
const doc = (id: string, weight: number, version = 1) => ({
  id,
  location_id: 'l1',
  weight,
  version,
  status: 'active',
});

function mount(answer: (request: FakeRequest) => FakeAnswer | undefined) {
  const sse = new Subject<SseMessage>();
  const fetch = createFakeFetch((request) => {
    const special = answer(request);
    if (special) return special;
    if (request.path === '/api/pallets')
      return { body: { data: [doc('b', 400), doc('a', 300)], next_cursor: null, last_event_id: 1 } };
    if (request.path === '/api/orders' || request.path === '/api/storage/zones')
      return { body: { data: [], nextCursor: null, lastEventId: 1 } };
    if (request.path === '/api/dashboard/overview')
      return { body: { totalKgWarehouse: 700, totalKgAssigned: 0, shippedToday: 0 } };
    return { status: 404 };
  });
  const session = createSession({
    fetch,
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
  let commands: ReturnType<typeof usePalletCommands> | undefined;
  const Row = memo(function Row({ id }: { id: string }) {
    const pallet = usePallet(id);
    const marked = useOptimistic(id);
    return <li data-testid="row">{`${id} ${pallet?.weight}${marked ? ' *' : ''}`}</li>;
  });
  function Board() {
    commands = usePalletCommands();
    return (
      <ul>
        {usePalletIds().map((id) => (
          <Row key={id} id={id} />
        ))}
      </ul>
    );
  }
  render(
    <ServicesProvider services={services}>
      <Board />
    </ServicesProvider>,
  );
  act(() => sse.next({ event: 'connected', id: null, data: { lastEventId: 1 } }));
  return { commands: () => commands!, fetch };
}

const rows = () => screen.queryAllByTestId('row').map((row) => row.textContent);

describe('pallet commands', () => {
  it('shows a change at once, marked, and goes back to the server’s pallet when it is refused', async () => {
    let release: (answer: FakeAnswer) => void = () => {};
    const { commands } = mount((request) => {
      if (request.method === 'PATCH')
        return new Promise<FakeAnswer>((resolve) => {
          release = resolve;
        }) as unknown as FakeAnswer;
      if (request.path === '/api/pallets/a') return { body: doc('a', 530, 2) };
      return undefined;
    });
    await waitFor(() => expect(rows()).toEqual(['b 400', 'a 300']));
    const pallet = { id: 'a', locationId: 'l1', weight: 300, version: 1, status: 'active' } as Pallet;
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = commands().update(pallet, { weight: 999 });
    });
    await waitFor(() => expect(rows()).toEqual(['b 400', 'a 999 *']));
    act(() =>
      release({ status: 409, body: { message: 'The pallet was changed by someone else', code: 'CONFLICT' } }),
    );
    await expect(outcome).rejects.toThrow('The pallet was changed by someone else');
    await waitFor(() => expect(rows()).toEqual(['b 400', 'a 530 *']));
  });

  it('brings a deleted pallet back, in its place, when the delete is refused', async () => {
    let release: (answer: FakeAnswer) => void = () => {};
    const { commands, fetch } = mount((request) =>
      request.method === 'DELETE'
        ? (new Promise<FakeAnswer>((resolve) => {
            release = resolve;
          }) as unknown as FakeAnswer)
        : undefined,
    );
    await waitFor(() => expect(rows()).toEqual(['b 400', 'a 300']));
    const pallet = { id: 'b', locationId: 'l1', weight: 400, version: 1, status: 'active' } as Pallet;
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = commands().remove(pallet);
    });
    await waitFor(() => expect(rows()).toEqual(['a 300']));
    act(() => release({ status: 403, body: { message: 'no' } }));
    await expect(outcome).rejects.toThrow('You do not have permission to perform this action');
    // back in front of a, where it stood (still marked for the rest of its 3 s)
    await waitFor(() => expect(rows()).toEqual(['b 400 *', 'a 300']));
    expect(fetch.calls.filter((c) => c.path === '/api/pallets')).toHaveLength(2);
  });
});

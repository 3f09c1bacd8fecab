import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { memo } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ServicesProvider } from '../services';
import { useLiveStatus, useOverview, usePallet, usePalletIds, usePalletStatus, usePallets } from './live';
import { liveServices, palletDoc } from './live-test-kit';

// A screen built on the live hooks, over the real session, live store and pipeline; the server is
// a fake fetch for the snapshot and a Subject standing in for the location's SSE stream.

afterEach(cleanup);

const pallet = (id: string, weight: number) =>
  palletDoc(id, weight, { tomato_type: 'Cherry', created_at: '2026-11-24T10:00:00.000Z' });

function mount() {
  const { services, send: sendNow, connect } = liveServices([pallet('b', 400), pallet('a', 300)]);
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
  const send = (data: Record<string, unknown>, id: number) => act(() => sendNow(data, id));
  return { connect: () => act(connect), send, renders };
}

const rows = () => screen.queryAllByTestId('row').map((row) => row.textContent);

describe('the live hooks', () => {
  it('show a pallet added, changed and removed by SSE messages, in order, re-rendering only the changed row', async () => {
    const { connect, send, renders } = mount();
    expect(screen.getByTestId('status').textContent).toBe('loading');
    connect();
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
    const { connect, send } = mount();
    connect();
    await waitFor(() => expect(rows()).toEqual(['b 400', 'a 300']));
    send({ type: 'PALLET_UPDATE', action: 'update', pallets: [pallet('a', 999)] }, 1);
    send({ type: 'PALLET_UPDATE', action: 'update', pallets: [pallet('a', 310)] }, 11);
    await waitFor(() => expect(rows()).toEqual(['b 400', 'a 310']));
  });

  it('show the pallets of a status beyond the stock while a screen asks, with their loading, live, and drop them after', async () => {
    const shipped = palletDoc('s', 200, { status: 'shipped' });
    const {
      services,
      send: sendNow,
      connect,
      fetch,
    } = liveServices([pallet('a', 300)], ({ path, query }) =>
      path === '/api/pallets' && query.get('status') === 'shipped'
        ? { body: { data: [shipped], next_cursor: null, last_event_id: 1 } }
        : undefined,
    );
    function Board({ status }: { status: string }) {
      const loading = usePalletStatus(status);
      const pallets = usePallets();
      const shown = usePalletIds().map((id) => `${id}${pallets?.get(id)?.weight}`);
      return <p data-testid="board">{`${loading.name} ${shown.join(' ')}`}</p>;
    }
    const board = () => screen.getByTestId('board').textContent;
    const view = (status: string) => (
      <ServicesProvider services={services}>
        <Board status={status} />
      </ServicesProvider>
    );
    const { rerender } = render(view('shipped'));
    act(connect);
    await waitFor(() => expect(board()).toBe('READY a300 s200'));
    expect(fetch.calls.filter((c) => c.query.get('status') === 'shipped')).toHaveLength(1);
    act(() =>
      sendNow({ type: 'PALLET_UPDATE', action: 'update', pallets: [{ ...shipped, weight: 250 }] }, 2),
    );
    await waitFor(() => expect(board()).toBe('READY a300 s250'));
    rerender(view('active'));
    await waitFor(() => expect(board()).toBe('NONE a300'));
  });
});

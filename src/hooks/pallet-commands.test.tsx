import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { memo } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeAnswer, FakeRequest } from '../../streams/http/fake-fetch';
import type { Pallet } from '../../streams/live';
import { ServicesProvider } from '../services';
import { useOptimistic, usePallet, usePalletIds } from './live';
import { liveServices, palletDoc } from './live-test-kit';
import { usePalletCommands } from './pallet-commands';

// The pallet commands over the real live store: a change shows at once, marked optimistic, and
// a refused one goes back to what the server holds.

afterEach(cleanup);

function mount(answer: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | undefined) {
  const { services, fetch, connect } = liveServices([palletDoc('b', 400), palletDoc('a', 300)], answer);
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
  act(connect);
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
        });
      if (request.path === '/api/pallets/a') return { body: palletDoc('a', 530, { version: 2 }) };
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
      request.path === '/api/pallets/deletions'
        ? new Promise<FakeAnswer>((resolve) => {
            release = resolve;
          })
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
    // one change of one pallet, as the ticked pallets' delete sends it
    expect(fetch.calls.find((c) => c.path === '/api/pallets/deletions')?.body).toEqual({
      locationId: 'l1',
      palletIds: ['b'],
    });
    // back in front of a, where it stood (still marked for the rest of its 3 s)
    await waitFor(() => expect(rows()).toEqual(['b 400 *', 'a 300']));
    expect(fetch.calls.filter((c) => c.path === '/api/pallets')).toHaveLength(2);
  });
});

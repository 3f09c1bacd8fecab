import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ServicesProvider } from '../services';
import { useActivity } from './activity';
import { liveServices } from './live-test-kit';

afterEach(cleanup);

function Feed() {
  const feed = useActivity();
  return <p data-testid="feed">{feed.status === 'loading' ? 'loading' : feed.entries.length}</p>;
}

it('reads the activity once when a dashboard opens, after the live data is in, and again after a change', async () => {
  const event = { id: 'e1', eventType: 'pallet_created', createdAt: '2026-11-28T10:00:00.000Z' };
  const { services, fetch, connect, send } = liveServices([], (request) =>
    request.path === '/api/insights/events' ? { body: { data: [event] } } : undefined,
  );
  const reads = () => fetch.calls.filter((call) => call.path === '/api/insights/events').length;
  render(
    <ServicesProvider services={services}>
      <Feed />
    </ServicesProvider>,
  );
  act(connect);
  await waitFor(() => expect(screen.getByTestId('feed').textContent).toBe('1'));
  // past the feed's one-second window: nothing changed, so nothing is read again
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  expect(reads()).toBe(1);
  act(() => send({ type: 'ORDER_UPDATE', action: 'add', orders: [{ id: 'o1', palletIds: [] }] }, 2));
  await waitFor(() => expect(reads()).toBe(2));
});

import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ServicesProvider } from '../services';
import { useInventorySettings } from './inventory';
import { liveServices } from './live-test-kit';

// Inventory settings another administrator saves reach every open inventory screen live.

afterEach(cleanup);

const settings = (minimumKg: number) => ({
  locationId: 'l1',
  general: { ripeningDays: 3, nearExpiryDays: 6, urgentDays: 9, minimumKg: 1000 },
  tomatoTypes: [
    { tomatoType: 'Beef', ripeningDays: 3, nearExpiryDays: 6, urgentDays: 9, minimumKg, custom: true },
  ],
});

function Shown() {
  const { state } = useInventorySettings();
  return (
    <p data-testid="minimum">
      {state.status === 'ready' ? String(state.settings.tomatoTypes[0]?.minimumKg) : state.status}
    </p>
  );
}

describe('useInventorySettings', () => {
  it('reads the settings, then follows an INVENTORY_SETTINGS_UPDATE of the location', async () => {
    const { services, connect, send } = liveServices([], (request) =>
      request.path === '/api/inventory/settings' ? { body: settings(500) } : undefined,
    );
    render(
      <ServicesProvider services={services}>
        <Shown />
      </ServicesProvider>,
    );
    act(connect);
    await waitFor(() => expect(screen.getByTestId('minimum').textContent).toBe('500'));
    act(() => send({ type: 'INVENTORY_SETTINGS_UPDATE', settings: settings(5000) }, 2));
    await waitFor(() => expect(screen.getByTestId('minimum').textContent).toBe('5000'));
  });
});

import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ServicesProvider } from '../services';
import { PrintLabelButton } from '../ui/print-label-button';
import { createToastStore } from '../ui/toast-store';
import { ToastProvider } from '../ui/toasts';
import { liveServices } from './live-test-kit';
import { usePrinters } from './printers';

// Printers another manager adds, changes or removes reach every open printer screen and print
// button live, without a reload.

afterEach(cleanup);

const dock = (name: string, isDefault: boolean) => ({
  id: name,
  locationId: 'l1',
  name,
  host: '127.0.0.1',
  port: 9100,
  dpi: 203,
  labelWidthMm: 100,
  labelHeightMm: 150,
  isDefault,
  status: { state: 'unknown', flags: null },
});

function Shown() {
  const { state } = usePrinters();
  return (
    <>
      <p data-testid="printers">
        {state.status === 'ready'
          ? `${state.printers.map((p) => p.name).join(',')} ${state.gs1CompanyPrefix}`
          : state.status}
      </p>
      <PrintLabelButton palletId="a" onBrowserPrint={() => {}} />
    </>
  );
}

/** The screen over a fake server whose printer list answers when `printers` resolves. */
function renderWith(printers: Promise<unknown[]>) {
  const { services, connect, send } = liveServices([], (request) => {
    if (request.path === '/api/printers') return printers.then((data) => ({ body: { data } }));
    if (request.path === '/api/locations/l1/settings')
      return { body: { locationId: 'l1', gs1CompanyPrefix: null } };
    return undefined;
  });
  render(
    <ServicesProvider services={services}>
      <ToastProvider store={createToastStore()}>
        <Shown />
      </ToastProvider>
    </ServicesProvider>,
  );
  act(connect);
  return send;
}

const shown = () => screen.getByTestId('printers').textContent;

describe('usePrinters', () => {
  it("reads the printers, then follows a PRINTERS_UPDATE of the location, the print button's default too", async () => {
    const send = renderWith(Promise.resolve([]));
    await waitFor(() => expect(shown()).toBe(' null'));
    expect(screen.getByRole('button', { name: 'Print label' })).toBeTruthy();
    act(() =>
      send({ type: 'PRINTERS_UPDATE', printers: [dock('Dock 1', true)], gs1CompanyPrefix: '8712345' }, 2),
    );
    await waitFor(() => expect(shown()).toBe('Dock 1 8712345'));
    expect(screen.getByRole('button', { name: 'Print label on Dock 1' })).toBeTruthy();
    act(() => send({ type: 'PRINTERS_UPDATE', printers: [], gs1CompanyPrefix: null }, 3));
    await waitFor(() => expect(shown()).toBe(' null'));
  });

  it('keeps a change that arrives while the list is being read over the older answer', async () => {
    let answer: (list: unknown[]) => void = () => {};
    const send = renderWith(new Promise((resolve) => (answer = resolve)));
    await waitFor(() => expect(shown()).toBe('loading'));
    act(() => send({ type: 'PRINTERS_UPDATE', printers: [dock('Dock 2', true)], gs1CompanyPrefix: null }, 2));
    await waitFor(() => expect(shown()).toBe('Dock 2 null'));
    await act(async () => answer([dock('Dock 1', true)]));
    expect(shown()).toBe('Dock 2 null');
  });
});

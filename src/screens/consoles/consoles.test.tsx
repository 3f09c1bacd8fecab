import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer, FakeRequest } from '../../../streams/http/fake-fetch';
import { AppProviders } from '../../app';
import { liveServices, palletDoc } from '../../hooks/live-test-kit';
import { desktopNav } from '../../shell/nav';
import { ModalStackProvider } from '../../ui/modal-stack';
import KleinpakConsole from './kleinpak-console';
import LogisticsConsole from './logistics-console';
import SortingConsole from './sorting-console';

// Each console's main flow over the real live store and a fake server.

const catalog = {
  palletType: ['Euro', 'Block'],
  boxType: ['Crate', 'Carton'],
  tomatoType: ['Round', 'Cherry'],
  tomatoOption: ['Loose', 'Vine'],
};

type Answer = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | undefined;

function mount(ui: ReactNode, pallets: Record<string, unknown>[], answer: Answer) {
  const kit = liveServices(
    pallets,
    (request) => {
      // as the server answers it: the location beside the lists
      if (request.path === '/api/catalog') return { body: { locationId: 'l1', ...catalog } };
      if (request.path === '/api/locations/l1/settings') return { body: { gs1CompanyPrefix: null } };
      return answer(request);
    },
    { print },
  );
  const show = (screen: ReactNode) =>
    render(
      <AppProviders services={kit.services}>
        <ModalStackProvider maxLayers={5}>{screen}</ModalStackProvider>
      </AppProviders>,
    );
  show(ui);
  act(kit.connect);
  return { ...kit, show };
}

const print = vi.fn();
beforeEach(() => {
  print.mockReset();
});
afterEach(cleanup);

const now = () => new Date().toISOString();
const posted = (fetch: { calls: FakeRequest[] }, path: string) =>
  fetch.calls.filter((c) => c.method !== 'GET' && c.path === path);

/** The server's answer to POST /api/pallets: pallets p1, p2, … as asked for, added by u1 now. */
function palletMaker() {
  let made = 0;
  return (request: FakeRequest): FakeAnswer => {
    made += 1;
    const body = request.body as Record<string, unknown>;
    return {
      status: 201,
      body: palletDoc(`p${made}`, body.weight as number, {
        ...snake(body),
        added_by: 'u1',
        created_at: now(),
      }),
    };
  };
}

describe('sorting console', () => {
  it('makes a pallet from a weight and Enter, keeps the last choice, prints in the browser, counts the shift and undoes', async () => {
    const makes = palletMaker();
    const { fetch, send, show } = mount(<SortingConsole />, [], (request) => {
      if (request.path === '/api/printers') return { body: { data: [] } };
      if (request.method === 'POST' && request.path === '/api/pallets') return makes(request);
      if (request.path === '/api/pallets/deletions') return { body: { success: true } };
      return undefined;
    });
    const type = await screen.findByRole('combobox', { name: 'Tomato type' });
    await waitFor(() => expect(within(type).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(type, { target: { value: 'Cherry' } });
    const weight = screen.getByRole('textbox', { name: 'Weight' });
    expect(document.activeElement).toBe(weight);
    fireEvent.change(weight, { target: { value: '512,5' } });
    fireEvent.submit(weight.closest('form')!);
    await waitFor(() => expect(posted(fetch, '/api/pallets')).toHaveLength(1));
    expect(posted(fetch, '/api/pallets')[0].body).toMatchObject({
      tomatoType: 'Cherry',
      weight: 512.5,
      locationId: 'l1',
    });
    // no network printer: the label goes to the browser's print at once
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('textbox', { name: 'Weight' })).toHaveProperty('value', '');

    // the server's live event brings it to the shift's figures
    const doc = palletDoc('p1', 512.5, { tomato_type: 'Cherry', added_by: 'u1', created_at: now() });
    act(() => send({ type: 'PALLET_UPDATE', action: 'add', pallets: [doc] }, 2));
    await waitFor(() => expect(figure('shift-pallets')).toBe('1'));
    expect(figure('shift-kg')).toBe('513 kg');

    // the next pallet keeps Cherry without choosing again
    fireEvent.change(screen.getByRole('textbox', { name: 'Weight' }), { target: { value: '300' } });
    fireEvent.submit(screen.getByRole('form', { name: 'New pallet' }));
    await waitFor(() => expect(posted(fetch, '/api/pallets')).toHaveLength(2));
    expect(posted(fetch, '/api/pallets')[1].body).toMatchObject({ tomatoType: 'Cherry', weight: 300 });
    // one print dialog per pallet, however often the screen renders meanwhile
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));

    // undo takes the last one back, not the first
    fireEvent.click(await screen.findByRole('button', { name: 'Undo last pallet' }));
    await waitFor(() =>
      expect(posted(fetch, '/api/pallets/deletions').map((c) => c.body)).toEqual([
        { locationId: 'l1', palletIds: ['p2'] },
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Undo last pallet' })).toBeNull();

    // the console opened again (another screen in between, or a reload) still has Cherry
    cleanup();
    show(<SortingConsole />);
    const again = await screen.findByRole('combobox', { name: 'Tomato type' });
    await waitFor(() => expect(again).toHaveProperty('value', 'Cherry'));
  });

  it("prints on the location's default printer when it has one, not in the browser", async () => {
    const { fetch } = mount(<SortingConsole />, [], (request) => {
      if (request.path === '/api/printers')
        return {
          body: {
            data: [
              {
                id: 'pr1',
                name: 'Line 1',
                isDefault: true,
                locationId: 'l1',
                status: { state: 'ready', flags: null },
              },
            ],
          },
        };
      if (request.method === 'POST' && request.path === '/api/pallets')
        return { status: 201, body: palletDoc('p9', 400, { added_by: 'u1', created_at: now() }) };
      if (request.path === '/api/pallets/p9/print') return { body: { status: 'sent', bytes: 300 } };
      return undefined;
    });
    await screen.findByText('Labels print on Line 1');
    fireEvent.change(screen.getByRole('textbox', { name: 'Weight' }), { target: { value: '400' } });
    fireEvent.submit(screen.getByRole('form', { name: 'New pallet' }));
    await waitFor(() => expect(posted(fetch, '/api/pallets/p9/print')).toHaveLength(1));
    expect(print).not.toHaveBeenCalled();
  });
});

describe('sorting console with a scale', () => {
  const scale = {
    id: 's1',
    locationId: 'l1',
    name: 'Scale 1',
    host: '10.0.0.9',
    port: 4001,
    protocol: 'continuous',
    createdAt: now(),
    updatedAt: now(),
  };
  /** The scale's stream sends a weight. */
  const weighs = (
    kit: { scales: ReturnType<typeof liveServices>['scales'] },
    weightKg: number,
    stable: boolean,
  ) =>
    act(() =>
      kit.scales.latest().emit('reading', { type: 'reading', scaleId: 's1', weightKg, stable, at: now() }),
    );

  it('offers a scale set up meanwhile, shows its live weight, takes it once steady, once per pallet, and asks before a typed weight far from it', async () => {
    const makes = palletMaker();
    let scales: (typeof scale)[] = [];
    const kit = mount(<SortingConsole />, [], (request) => {
      if (request.path === '/api/printers') return { body: { data: [] } };
      if (request.path === '/api/scales') return { body: { data: scales } };
      if (request.method === 'POST' && request.path === '/api/pallets') return makes(request);
      return undefined;
    });
    const { fetch } = kit;
    const form = await screen.findByRole('form', { name: 'New pallet' });
    await waitFor(() => expect(posted(fetch, '/api/pallets')).toHaveLength(0));
    await waitFor(() => expect(fetch.calls.some((c) => c.path === '/api/scales')).toBe(true));
    // no scale at the location yet: none to choose; one set up on another screen shows at once
    expect(screen.queryByRole('combobox', { name: 'Scale' })).toBeNull();
    scales = [scale];
    act(() => kit.send({ type: 'SCALES_UPDATE', scales }, 2));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Scale' }), { target: { value: 's1' } });
    const readout = await screen.findByRole('status', { name: 'Weight on Scale 1' });
    expect(readout.textContent).toBe('Connecting to Scale 1…');
    await waitFor(() => expect(kit.scales.made).toHaveLength(1));
    expect(kit.scales.latest().url).toMatch(/^\/api\/scales\/s1\/readings\?token=/);
    expect(screen.getByRole('textbox', { name: 'Weight' }).getAttribute('placeholder')).toBe(
      'kg, or just Enter',
    );

    // settling: shown greyed, and not taken
    weighs(kit, 512.3, false);
    expect(readout.textContent).toBe('512.30 kgsettling…');
    expect(readout.dataset.stable).toBe('false');
    fireEvent.submit(form);
    expect(await screen.findByText(/still settling/)).toBeTruthy();
    expect(posted(fetch, '/api/pallets')).toHaveLength(0);

    // steady: Enter makes the pallet with the scale's weight
    weighs(kit, 512.4, true);
    expect(readout.dataset.stable).toBe('true');
    fireEvent.submit(form);
    await waitFor(() => expect(posted(fetch, '/api/pallets')).toHaveLength(1));
    expect(posted(fetch, '/api/pallets')[0].body).toMatchObject({ weight: 512.4 });

    // the same pallet still on the scale: a second Enter makes no second pallet
    weighs(kit, 512.41, true);
    fireEvent.submit(form);
    expect(await screen.findByText(/already took this weight/)).toBeTruthy();
    expect(posted(fetch, '/api/pallets')).toHaveLength(1);
    // the next pallet arrives: it is taken
    weighs(kit, 230, false);
    weighs(kit, 498.25, true);
    fireEvent.submit(form);
    await waitFor(() => expect(posted(fetch, '/api/pallets')).toHaveLength(2));
    expect(posted(fetch, '/api/pallets')[1].body).toMatchObject({ weight: 498.25 });

    // a typed weight near the scale's is taken as typed; far from it, the worker is asked first
    fireEvent.change(screen.getByRole('textbox', { name: 'Weight' }), { target: { value: '250' } });
    fireEvent.submit(form);
    const question = await screen.findByRole('dialog', { name: 'The typed weight differs from the scale' });
    expect(question.textContent).toContain('You typed 250.00 kg; the scale reads 498.25 kg.');
    expect(posted(fetch, '/api/pallets')).toHaveLength(2);
    fireEvent.click(within(question).getByRole('button', { name: 'Make it with 250.00 kg' }));
    await waitFor(() => expect(posted(fetch, '/api/pallets')).toHaveLength(3));
    expect(posted(fetch, '/api/pallets')[2].body).toMatchObject({ weight: 250 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // the choice of scale is kept for the location
    cleanup();
    kit.show(<SortingConsole />);
    await screen.findByRole('status', { name: 'Weight on Scale 1' });
  });
});

describe('kleinpak console', () => {
  it('finds a scanned pallet, marks it processed and lists it among the day’s', async () => {
    const { fetch, send } = mount(
      <KleinpakConsole />,
      [palletDoc('b', 400, { tomato_type: 'Round' }), palletDoc('a', 300, { tomato_type: 'Cherry' })],
      (request) => {
        if (request.path === '/api/pallets' && request.query.get('status') === 'processed')
          return { body: { data: [], next_cursor: null, last_event_id: 1 } };
        if (request.path === '/api/pallets/a/process')
          return { body: palletDoc('a', 300, { status: 'processed', processed_at: now() }) };
        return undefined;
      },
    );
    await waitFor(() => expect(document.querySelectorAll('[data-pallet]')).toHaveLength(2));
    const field = screen.getByRole('textbox', { name: 'Pallet ID or scan' });
    fireEvent.change(field, { target: { value: '{"id":"a"}' } });
    fireEvent.submit(field.closest('form')!);
    const found = await screen.findByTestId('scanned-pallet');
    fireEvent.click(within(found).getByRole('button', { name: 'Mark processed' }));
    await waitFor(() => expect(posted(fetch, '/api/pallets/a/process')).toHaveLength(1));

    const doc = palletDoc('a', 300, { tomato_type: 'Cherry', status: 'processed', processed_at: now() });
    act(() => send({ type: 'PALLET_UPDATE', action: 'update', pallets: [doc] }, 2));
    const today = await screen.findByRole('region', { name: 'Processed today' });
    await waitFor(() => expect(within(today).getAllByRole('row')).toHaveLength(2));
    expect(figure('processed-pallets')).toBe('1');
    // it is no longer offered from stock
    expect(screen.queryByRole('button', { name: 'Mark processed: pallet a' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark processed: pallet b' })).toBeTruthy();
  });
});

describe('logistics console', () => {
  it("shows today's orders with what they still need, the pick list with zone and row, and ships", async () => {
    const today = new Date().toLocaleDateString('en-CA');
    const far = '2099-01-01';
    const order = (id: string, customer: string, dueDate: string, palletIds: string[]) => ({
      id,
      locationId: 'l1',
      customer,
      status: palletIds.length ? 'assigned' : 'open',
      palletIds,
      assignedPallets: palletIds.length,
      requestedPallets: 2,
      dueDate,
    });
    const { fetch } = mount(
      <LogisticsConsole />,
      [
        palletDoc('a', 300, { storage_zone: 'Cold A', zone_id: 'z1', row_index: 1 }),
        palletDoc('b', 400, { storage_zone: 'Ambient', zone_id: 'z2', row_index: 0 }),
      ],
      (request) => {
        if (request.path === '/api/orders')
          return {
            body: {
              data: [order('o1', 'Jumbo', today, ['a', 'b']), order('o2', 'Later Ltd', far, [])],
              nextCursor: null,
              lastEventId: 1,
            },
          };
        if (request.path === '/api/orders/o1/ship') return { body: order('o1', 'Jumbo', today, ['a', 'b']) };
        return undefined;
      },
    );
    const card = await screen.findByRole('listitem', { name: 'Order for Jumbo' });
    expect(within(card).getByText('Complete: ready to ship')).toBeTruthy();
    expect(screen.queryByText('Later Ltd')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Pick list for Jumbo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pick list: Jumbo' });
    const lines = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    // walking order: Ambient row 1 before Cold A row 2
    expect(lines.map((cells) => [cells[0], cells[5], cells[6]])).toEqual([
      ['b', 'Ambient', '1'],
      ['a', 'Cold A', '2'],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ship the order for Jumbo?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(posted(fetch, '/api/orders/o1/ship')).toHaveLength(1));
  });
});

describe('navigation', () => {
  it('links only the consoles the user may open', () => {
    const names = desktopNav(false, new Set(['kleinpak'])).map((item) => item.name);
    expect(names).toContain('kleinpak');
    expect(names).not.toContain('sorting');
    expect(names).not.toContain('logistics');
  });
});

function figure(name: string) {
  return document.querySelector(`[data-figure="${name}"]`)?.textContent;
}

function snake(body: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );
}

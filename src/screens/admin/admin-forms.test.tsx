import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { adBlockerAdvice } from '../../../streams/analytics';
import type { FakeAnswer, FakeRequest } from '../../../streams/http/fake-fetch';
import { permissionFlags } from '../../../streams/permissions';
import { AppProviders } from '../../app';
import { liveServices } from '../../hooks/live-test-kit';
import ActivitySection from './activity-section';
import { CatalogueSection } from './catalogue-section';
import { LocationsSection } from './locations-section';
import { UsersSection } from './users-section';
import { ZonesSection } from './zones-section';

// Each section's forms say what is wrong before anything is sent, and send what the server takes.

afterEach(cleanup);

const bea = {
  id: '0193a1b2-0000-7000-8000-0000000000b2',
  username: 'bea',
  admin: false,
  first_login: false,
  desktop_access: true,
  mobile_access: false,
  permissions: { ...Object.fromEntries(permissionFlags.map((flag) => [flag, false])), desktop_access: true },
  force_mobile_mode_enabled: false,
  skipTokenValidation: false,
  autoRefreshTokens: true,
  disabled: false,
  locale: null,
  restrictions: [],
  locationIds: ['0193a1b2-0000-7000-8000-0000000000a1'],
};

const event = {
  id: 'e1',
  eventType: 'pallet_created',
  palletId: '0193a1b2-0000-7000-8000-00000000abcd',
  orderId: null,
  username: 'bea',
  notes: null,
  createdAt: '2026-11-20T10:00:00Z',
};

/** A fake server for the signed-in manager ann (manage_users, at Naaldwijk); `answer` goes first. */
function mount(
  section: ReactNode,
  answer: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
) {
  const { services, fetch } = liveServices([], (request) => {
    const special = answer(request);
    if (special) return special;
    if (request.path === '/api/user-locations')
      return { body: { data: [{ id: '0193a1b2-0000-7000-8000-0000000000a1', name: 'Naaldwijk' }] } };
    if (request.path.endsWith('/permissions'))
      return { body: [{ name: 'desktop_access' }, { name: 'manage_users' }] };
    if (request.path.endsWith('/restrictions')) return { body: { data: [] } };
    if (request.path === '/api/users') return { body: { success: true, data: [bea] } };
    if (request.path === '/api/storage/zones') return { body: { data: [], lastEventId: 1 } };
    if (request.path === '/api/catalog')
      return {
        body: {
          locationId: '0193a1b2-0000-7000-8000-0000000000a1',
          palletType: ['Euro'],
          boxType: ['Crate'],
          tomatoType: ['Round'],
          tomatoOption: ['Class I'],
        },
      };
    if (request.path === '/api/insights/event-types') return { body: { data: ['pallet_created'] } };
    if (request.path === '/api/insights/events')
      return { body: { data: [event], total: 1, limit: 100, offset: 0 } };
    if (request.path === '/api/insights/stats')
      return {
        body: {
          totalEvents: 1,
          uniqueUsers: 1,
          eventsByType: { pallet_created: 1 },
          timeRange: { start: null, end: null },
        },
      };
    if (request.path === '/api/insights/user-activity') return { body: { data: [] } };
    return undefined;
  });
  render(
    <AppProviders services={services}>
      <MemoryRouter>{section}</MemoryRouter>
    </AppProviders>,
  );
  /** The mutations sent so far (every call but a read). */
  const sent = () => fetch.calls.filter((call) => call.method !== 'GET');
  return { sent };
}

const click = (name: string | RegExp, within$: HTMLElement = document.body) =>
  fireEvent.click(within(within$).getByRole('button', { name }));
const type = (label: string, value: string, within$: HTMLElement = document.body) =>
  fireEvent.change(within(within$).getByLabelText(label), { target: { value } });

describe('Users', () => {
  it('asks a new user for a username, an 8-character temporary password and a location; sends first_login', async () => {
    const { sent } = mount(<UsersSection />, (r) =>
      r.method === 'POST'
        ? {
            status: 201,
            body: {
              success: true,
              data: { ...bea, id: '0193a1b2-0000-7000-8000-0000000000b3', username: 'cor' },
            },
          }
        : undefined,
    );
    await screen.findByRole('row', { name: /bea/ });
    click('New user');
    const dialog = screen.getByRole('dialog', { name: 'New user' });
    // a manager who is not an administrator is not offered the administrator flag
    expect(within(dialog).queryByLabelText('Administrator (passes every check)')).toBeNull();
    click('Create user', dialog);
    expect(within(dialog).getByText('Enter a username')).toBeTruthy();
    expect(within(dialog).getByText('A password needs at least 8 characters')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one location this user works at')).toBeTruthy();
    type('Username', 'cor van dam', dialog);
    expect(within(dialog).getByText('A username may hold letters, digits and . _ @ - only')).toBeTruthy();
    type('Username', 'cor', dialog);
    type('Temporary password', 'temp-pass-1', dialog);
    fireEvent.click(within(dialog).getByLabelText('Naaldwijk'));
    expect(within(dialog).queryByText(/Enter a username|at least 8|at least one location/)).toBeNull();
    expect(sent()).toEqual([]);
    click('Create user', dialog);
    await screen.findByText(/User "cor" created/);
    expect(sent()).toMatchObject([
      {
        method: 'POST',
        path: '/api/users',
        body: {
          username: 'cor',
          password: 'temp-pass-1',
          first_login: true,
          locationIds: ['0193a1b2-0000-7000-8000-0000000000a1'],
        },
      },
    ]);
  });

  it('resets a password only with 8 characters or more, asking for a new one at the next sign-in', async () => {
    const { sent } = mount(<UsersSection />, (r) =>
      r.method === 'PATCH' ? { body: { success: true, data: bea } } : undefined,
    );
    await screen.findByRole('row', { name: /bea/ });
    click('Reset password of bea');
    const dialog = screen.getByRole('dialog');
    type('New temporary password', 'short', dialog);
    click('Reset password', dialog);
    expect(within(dialog).getByText('A password needs at least 8 characters')).toBeTruthy();
    expect(sent()).toEqual([]);
    type('New temporary password', 'long-enough-1', dialog);
    click('Reset password', dialog);
    await waitFor(() =>
      expect(sent()).toMatchObject([
        { method: 'PATCH', body: { password: 'long-enough-1', first_login: true } },
      ]),
    );
  });

  it('deletes only after a confirmation', async () => {
    const { sent } = mount(<UsersSection />, (r) =>
      r.method === 'DELETE' ? { body: { success: true } } : undefined,
    );
    await screen.findByRole('row', { name: /bea/ });
    click('Delete bea');
    const dialog = screen.getByRole('dialog', { name: 'Delete bea?' });
    expect(sent()).toEqual([]);
    click('Delete user', dialog);
    await waitFor(() =>
      expect(sent()).toMatchObject([
        { method: 'DELETE', path: '/api/users/0193a1b2-0000-7000-8000-0000000000b2' },
      ]),
    );
  });
});

describe('Zones', () => {
  it('takes 1 to 200 rows and 1 to 500 pallets per row, and a name', async () => {
    const { sent } = mount(<ZonesSection />);
    await screen.findByText('No storage zones yet.');
    click('New zone');
    const dialog = screen.getByRole('dialog', { name: 'New storage zone' });
    type('Rows', '0', dialog);
    type('Pallets per row (row capacity)', '501', dialog);
    click('Add zone', dialog);
    expect(within(dialog).getByText('Enter a zone name')).toBeTruthy();
    expect(within(dialog).getByText('Rows: a whole number from 1 to 200')).toBeTruthy();
    expect(within(dialog).getByText('Row capacity: a whole number from 1 to 500 pallets')).toBeTruthy();
    type('Rows', '2.5', dialog);
    expect(within(dialog).getByText('Rows: a whole number from 1 to 200')).toBeTruthy();
    expect(sent()).toEqual([]);
  });
});

describe('Catalogue', () => {
  it('refuses a blank or repeated value, and confirms before a removal is saved', async () => {
    const { sent } = mount(<CatalogueSection />, (r) =>
      r.method === 'PUT'
        ? {
            status: 409,
            body: {
              message:
                'Tomato type "Round" is still on 3 pallets. Change or ship those pallets before removing it.',
            },
          }
        : undefined,
    );
    await screen.findByText('Round');
    click('Add tomato type');
    expect(screen.getByText('Enter a value')).toBeTruthy();
    type('New tomato type', ' round ');
    click('Add tomato type');
    expect(screen.getByText('"round" is already in the list')).toBeTruthy();
    click('Remove Round from tomato types');
    click('Save catalogue');
    expect(sent()).toEqual([]);
    click('Remove and save', screen.getByRole('dialog', { name: 'Remove from the catalogue?' }));
    expect(await screen.findByText(/Tomato type "Round" is still on 3 pallets/)).toBeTruthy();
  });
});

describe('Locations', () => {
  it('asks for a name', async () => {
    const { sent } = mount(<LocationsSection />, (r) =>
      r.path === '/api/locations' && r.method === 'GET'
        ? { body: { data: [{ id: '0193a1b2-0000-7000-8000-0000000000a1', name: 'Naaldwijk' }] } }
        : undefined,
    );
    await screen.findByRole('row', { name: /Naaldwijk/ });
    click('New location');
    const dialog = screen.getByRole('dialog', { name: 'New location' });
    type('Location name', '   ', dialog);
    click('Add location', dialog);
    expect(within(dialog).getByText('Enter a name')).toBeTruthy();
    expect(sent()).toEqual([]);
  });
});

describe('Activity', () => {
  it('takes whole ids and a range that ends after it starts; an intervention needs a note', async () => {
    const { sent } = mount(<ActivitySection />);
    await screen.findByRole('row', { name: /pallet created/ });
    type('Pallet ID', 'abcd');
    type('From', '2026-11-20');
    type('To', '2026-11-01');
    click('Show events');
    expect(screen.getByText(/Paste the whole ID/)).toBeTruthy();
    expect(screen.getByText('The end date comes before the start date')).toBeTruthy();

    click(/^Intervene on pallet created/);
    const dialog = screen.getByRole('dialog');
    click('Record intervention', dialog);
    expect(within(dialog).getByText('Describe what was done')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it("shows SPEC 8's fallback and the ad-blocker advice when every analytics read goes unanswered", async () => {
    mount(<ActivitySection />, (r) =>
      /^\/api\/(insights|metrics|analytics)\//.test(r.path) ? 'no-response' : undefined,
    );
    const notice = await screen.findByText(/The activity log could not be read: showing fallback data/);
    expect(notice.textContent).toContain(adBlockerAdvice);
    // the fallback event types of SPEC 7 fill the type filter
    expect(screen.getByRole('option', { name: 'order complete' })).toBeTruthy();
    expect(await screen.findByText('No events.')).toBeTruthy();
  });
});

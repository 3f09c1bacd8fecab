import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { demoPassword, demoUsers, seedDemo } from '../../server/db/seed-demo';
import { setupTestServer } from './support/server';

const server = setupTestServer();

describe('demo data', () => {
  it('seeds an empty database once, even when two starts race', async () => {
    const messages: string[] = [];
    const results = await Promise.all([
      seedDemo(server.db, (m) => messages.push(m)),
      seedDemo(server.db, (m) => messages.push(m)),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(demoPassword);
    expect(await seedDemo(server.db, () => {})).toBe(false);
    // a Dutch grower's site: its labels print in Dutch
    const locations = await server.db.selectFrom('locations').select(['name', 'label_locale']).execute();
    expect(locations).toEqual([{ name: 'Naaldwijk', label_locale: 'nl' }]);
  });

  it('holds a realistic warehouse: catalogue, zones within capacity, pallets, orders', async () => {
    const count = async (table: 'pallets' | 'orders' | 'storage_zones') =>
      Number(
        (await server.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
      );
    expect(await count('pallets')).toBe(200);
    expect(await count('orders')).toBe(20);
    expect(await count('storage_zones')).toBe(3);

    const { id: locationId } = await server.db.selectFrom('locations').select('id').executeTakeFirstOrThrow();
    const admin = await server.createUser({ admin: true });
    const catalog = (
      await server.app.inject({
        method: 'GET',
        url: `/api/catalog?locationId=${locationId}`,
        headers: admin.headers,
      })
    ).json();
    expect(catalog.tomatoType).toEqual(['Round', 'Vine', 'Cherry', 'Plum', 'Beef', 'Cocktail']);
    expect(catalog.palletType).toEqual(['Euro', 'Block']);

    const all = await server.app.inject({
      method: 'GET',
      url: `/api/pallets?locationId=${locationId}&status=all&limit=1000`,
      headers: admin.headers,
    });
    const pallets = all.json().data as {
      id: string;
      status: string;
      weight: number;
      created_at: string;
      [key: string]: string | number;
    }[];
    expect(pallets).toHaveLength(200);
    for (const pallet of pallets) {
      expect(catalog.palletType).toContain(pallet.pallet_type);
      expect(catalog.boxType).toContain(pallet.box_type);
      expect(catalog.tomatoType).toContain(pallet.tomato_type);
      expect(catalog.tomatoOption).toContain(pallet.tomato_option);
      expect(pallet.weight).toBeGreaterThan(400);
    }
    const created = pallets.map((p) => p.created_at);
    expect(created).toEqual([...created].sort().reverse()); // id order is creation order

    const orders = (
      await server.app.inject({
        method: 'GET',
        url: `/api/orders?locationId=${locationId}`,
        headers: admin.headers,
      })
    ).json().data as { id: string; status: string; palletIds: string[] }[];
    const byId = new Map(pallets.map((p) => [p.id, p]));
    for (const order of orders) {
      const statuses = order.palletIds.map((id) => byId.get(id)!.status);
      if (order.status === 'open') expect(order.palletIds).toEqual([]);
      if (order.status === 'assigned') expect(new Set(statuses)).toEqual(new Set(['active']));
      if (order.status === 'shipped' || order.status === 'complete')
        expect(new Set(statuses)).toEqual(new Set(['shipped']));
    }
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['open', 'assigned', 'shipped', 'complete']),
    );

    const zones = (
      await server.app.inject({
        method: 'GET',
        url: `/api/storage/zones?locationId=${locationId}`,
        headers: admin.headers,
      })
    ).json().data as { rowCapacity: number; rowPallets: string[][] }[];
    const stored = zones.flatMap((zone) => zone.rowPallets.flat());
    expect(stored.length).toBeGreaterThan(50);
    for (const zone of zones)
      for (const row of zone.rowPallets) expect(row.length).toBeLessThanOrEqual(zone.rowCapacity);
    for (const id of stored) expect(byId.get(id)!.status).toBe('active');

    const history = await server.db.selectFrom('analytics_events').select('event_type').distinct().execute();
    expect(history.map((e) => e.event_type).sort()).toEqual([
      'order_created',
      'order_shipped',
      'pallet_assigned',
      'pallet_created',
      'pallet_shipped',
    ]);
  });

  it('gives each demo user the documented password, no first-login step, and their flags', async () => {
    for (const user of demoUsers) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: demoPassword, rememberMe: false },
      });
      expect(res.statusCode).toBe(200);
      const signedIn = res.json().user;
      expect(signedIn.first_login).toBe(false);
      for (const flag of user.permissions) expect(signedIn.permissions[flag]).toBe(true);
      const restrictions = await server.app.inject({
        method: 'GET',
        url: `/api/permissions/users/${signedIn.id}/restrictions`,
        headers: { authorization: `Bearer ${res.json().token}` },
      });
      expect(restrictions.json().data.map((r: { restriction_key: string }) => r.restriction_key)).toEqual(
        user.restrictions ?? [],
      );
    }
    // the read-only viewer finds the admin area closed
    expect(demoUsers.find((u) => u.username === 'viewer')!.restrictions).toEqual(['restrict_admin_tab']);
    const operator = demoUsers.find((u) => u.username === 'operator')!;
    expect(operator.permissions).toContain('mobile_access');
    expect(operator.permissions).not.toContain('desktop_access');
  });
});

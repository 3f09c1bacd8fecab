import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { scaleReadingsPerSecond, scaleSilentMs } from '../../streams/config';
import type { ScaleProtocol } from '../../streams/scales';
import { closedPort, fakePrinterPorts } from './fake-printer';
import { type FakeScale, settling, startFakeScale } from './fake-scale';
import { type Follower, follow, until } from './live-helpers';
import { call, lastEventId, liveEventsAfter, setupWarehouse } from './warehouse-fixtures';

// Network scales (issue 34): set up beside the printers, read over raw TCP while a screen has
// one open, their weights streamed to it.

const { server, w } = setupWarehouse({
  config: { printerPorts: loadConfig({ PRINTER_PORTS: fakePrinterPorts }).printerPorts },
});
let base = '';
const opened: Follower[] = [];

beforeAll(async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const stream of opened) stream.close();
});

/** A scale at `port` in a new location (or `loc`). */
async function scaleAt(port: number, protocol: ScaleProtocol, name = 'Line 1', loc?: string) {
  const locationId = loc ?? (await server.createLocation()).id;
  const made = await call(server, w.admin, 'POST', '/api/scales', {
    locationId,
    name,
    host: '127.0.0.1',
    port,
    protocol,
  });
  expect(made.status).toBe(201);
  return { loc: locationId, id: made.body.id as string };
}

/** Opens scale `id`'s readings as the console would (token in the query). */
async function readings(id: string, token = w.admin.token) {
  const stream = await follow(`${base}/api/scales/${id}/readings?token=${encodeURIComponent(token)}`);
  opened.push(stream);
  return stream;
}

const dataOf = (stream: Follower, event: string) =>
  stream.messages.filter((m) => m.event === event).map((m) => JSON.parse(m.data));

async function withScale<T>(
  protocol: ScaleProtocol,
  script: Parameters<typeof startFakeScale>[1],
  work: (fake: FakeScale) => Promise<T>,
) {
  const fake = await startFakeScale(protocol, script);
  try {
    return await work(fake);
  } finally {
    await fake.close();
  }
}

describe('scales: set-up', () => {
  it('adds, lists, changes and removes a scale, each change a SCALES_UPDATE of the location', async () => {
    const loc = (await server.createLocation()).id;
    const before = await lastEventId(server, loc);
    const made = await call(server, w.admin, 'POST', '/api/scales', {
      locationId: loc,
      name: 'Line 1',
      host: 'scale-1.local',
      port: 4001,
      protocol: 'mt-sics',
    });
    expect(made).toMatchObject({
      status: 201,
      body: { locationId: loc, name: 'Line 1', host: 'scale-1.local', port: 4001, protocol: 'mt-sics' },
    });
    const { id } = made.body;
    expect((await call(server, w.admin, 'GET', `/api/scales?locationId=${loc}`)).body.data).toEqual([
      made.body,
    ]);

    const changed = await call(server, w.admin, 'PATCH', `/api/scales/${id}`, { protocol: 'continuous' });
    expect(changed).toMatchObject({ status: 200, body: { id, name: 'Line 1', protocol: 'continuous' } });
    expect(await call(server, w.admin, 'DELETE', `/api/scales/${id}`)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await call(server, w.admin, 'GET', `/api/scales?locationId=${loc}`)).body.data).toEqual([]);

    const events = (await liveEventsAfter(server, loc, before)).filter((e) => e.type === 'SCALES_UPDATE');
    expect(events.map((e) => e.payload.scales)).toEqual([[made.body], [changed.body], []]);
  });

  it('refuses a port off the allowed list, a taken name, a protocol it does not speak, with field codes', async () => {
    const loc = (await server.createLocation()).id;
    const scale = { locationId: loc, name: 'Line 1', host: '127.0.0.1', port: 4001, protocol: 'mt-sics' };
    expect(await call(server, w.admin, 'POST', '/api/scales', { ...scale, port: 80 })).toMatchObject({
      status: 422,
      body: {
        code: 'VALIDATION_FAILED',
        fields: { port: { code: 'SCALE_PORT_NOT_ALLOWED', params: { allowedPorts: '9100, 1024-65535' } } },
      },
    });
    const bad = await call(server, w.admin, 'POST', '/api/scales', {
      ...scale,
      name: '',
      host: 'not a host',
      protocol: 'ascii',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['host', 'name', 'protocol']);
    expect(bad.body.fields.protocol).toMatchObject({ code: 'INVALID_VALUE' });

    const { id } = (await call(server, w.admin, 'POST', '/api/scales', scale)).body;
    expect(await call(server, w.admin, 'POST', '/api/scales', scale)).toMatchObject({
      status: 409,
      body: { code: 'SCALE_NAME_TAKEN', params: { name: 'Line 1' } },
    });
    expect(await call(server, w.admin, 'PATCH', `/api/scales/${id}`, { port: 22 })).toMatchObject({
      status: 422,
      body: { fields: { port: { code: 'SCALE_PORT_NOT_ALLOWED' } } },
    });
    expect((await call(server, w.admin, 'PATCH', `/api/scales/${id}`, {})).status).toBe(422);
  });

  it('is managed with the printers’ rights; seen by the location’s users only', async () => {
    const { loc, id } = await scaleAt(4001, 'mt-sics', 'Line 1', w.locationId);
    const body = { locationId: loc, name: 'Line 2', host: '127.0.0.1', port: 4002, protocol: 'continuous' };
    expect((await call(server, w.manager, 'POST', '/api/scales', body)).status).toBe(403);
    expect((await call(server, w.manager, 'PATCH', `/api/scales/${id}`, { name: 'X' })).status).toBe(403);
    expect((await call(server, w.manager, 'DELETE', `/api/scales/${id}`)).status).toBe(403);
    expect((await call(server, w.manager, 'GET', `/api/scales?locationId=${loc}`)).body.data).toHaveLength(1);
    expect((await call(server, w.outsider, 'GET', `/api/scales?locationId=${loc}`)).status).toBe(404);
    const elsewhere = await server.createUser({
      permissions: ['manage_users'],
      locations: [w.otherLocationId],
    });
    expect((await call(server, elsewhere, 'PATCH', `/api/scales/${id}`, { name: 'X' })).status).toBe(404);
    expect((await call(server, elsewhere, 'DELETE', `/api/scales/${id}`)).status).toBe(404);
    expect((await readings(id, w.outsider.token)).status).toBe(404);
    expect((await readings(id, 'not-a-token')).status).toBe(401);
    await call(server, w.admin, 'DELETE', `/api/scales/${id}`);
  });
});

describe('scales: readings', () => {
  for (const protocol of ['mt-sics', 'continuous'] as const)
    it(`${protocol}: the weight follows live, unstable then stable, at most ${scaleReadingsPerSecond} a second, a steady one again each second, read only while open`, () =>
      withScale(protocol, settling(12.34, 15), async (fake) => {
        const { id } = await scaleAt(fake.port, protocol);
        expect(fake.connections).toBe(0);
        const stream = await readings(id);
        expect(stream.status).toBe(200);
        await until(() => dataOf(stream, 'reading').some((r) => r.stable), 10_000, 'a stable reading');
        const seen = dataOf(stream, 'reading');
        expect(seen[0]).toMatchObject({ type: 'reading', scaleId: id, stable: false });
        expect(seen.at(-1)).toMatchObject({ scaleId: id, weightKg: 12.34, stable: true });
        expect(Date.parse(seen.at(-1).at)).toBeGreaterThan(Date.now() - 10_000);
        expect(dataOf(stream, 'connected')).toEqual([{ type: 'connected', scaleId: id, name: 'Line 1' }]);
        // settling, each reading another weight: at most 5 in any second
        const unstable = seen.filter((r) => !r.stable).map((r) => Date.parse(r.at));
        for (const from of unstable)
          expect(unstable.filter((at) => at >= from && at < from + 1_000).length).toBeLessThanOrEqual(
            scaleReadingsPerSecond + 1,
          );

        // a second screen shares the connection and hears the weight at once
        const second = await readings(id);
        await until(() => dataOf(second, 'reading').length > 0, 2_000, 'the last weight');
        expect(fake.connections).toBe(1);
        // steady: the same weight again about once a second, so the screen knows the scale talks
        const count = dataOf(stream, 'reading').length;
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        const again = dataOf(stream, 'reading').length - count;
        expect(again).toBeGreaterThanOrEqual(1);
        expect(again).toBeLessThanOrEqual(3);

        stream.close();
        second.close();
        await until(() => fake.open() === 0, 2_000, 'the scale let go');
      }));

  it('a signed-out session, and a user who lost the scale’s location, lose its readings stream', () =>
    withScale('continuous', settling(20, 0), async (fake) => {
      const { id, loc } = await scaleAt(fake.port, 'continuous');
      const elsewhere = await server.createLocation();
      const user = () => server.createUser({ permissions: ['desktop_access'], locations: [loc] });
      const [out, moved, stays] = await Promise.all([user(), user(), user()]);
      const session = await server.signIn(out);
      const streams = {
        out: await readings(id, session.token),
        moved: await readings(id, moved.token),
        stays: await readings(id, stays.token),
      };
      for (const stream of Object.values(streams))
        await until(() => dataOf(stream, 'reading').length > 0, 5_000, 'a reading');
      let staysClosed = false;
      void streams.stays.closed.then(() => (staysClosed = true));
      const signOut = await call(
        server,
        undefined,
        'POST',
        '/api/auth/logout',
        {},
        {
          authorization: `Bearer ${session.token}`,
        },
      );
      expect(signOut.status).toBe(200);
      expect(
        (await call(server, w.admin, 'PATCH', `/api/users/${moved.id}`, { locationIds: [elsewhere.id] }))
          .status,
      ).toBe(200);
      await Promise.all([streams.out.closed, streams.moved.closed]);
      expect(staysClosed).toBe(false);
      // and opening it again is refused
      expect((await readings(id, session.token)).status).toBe(401);
      expect((await readings(id, moved.token)).status).toBe(404);
    }));

  it('a scale that stops sending is reported silent within 3 s, and live again when it talks', () =>
    withScale('continuous', settling(20, 1), async (fake) => {
      const { id } = await scaleAt(fake.port, 'continuous');
      const stream = await readings(id);
      await until(() => dataOf(stream, 'reading').length > 0, 5_000, 'a reading');
      fake.silent = true;
      const quiet = Date.now();
      await until(() => dataOf(stream, 'silent').length > 0, scaleSilentMs + 1_000, 'silent');
      expect(Date.now() - quiet).toBeLessThan(scaleSilentMs + 500);
      expect(dataOf(stream, 'silent')).toEqual([{ type: 'silent', scaleId: id }]);
      const heard = dataOf(stream, 'reading').length;
      fake.silent = false;
      // the reader dropped the silent connection and connects again after its backoff
      await until(() => dataOf(stream, 'reading').length > heard, 10_000, 'readings again');
    }));

  it('a change of the scale ends its streams; the screen opens it again as it is now', () =>
    withScale('mt-sics', settling(5, 0), async (fake) => {
      const { id } = await scaleAt(fake.port, 'mt-sics');
      const stream = await readings(id);
      await until(() => dataOf(stream, 'reading').length > 0, 5_000, 'a reading');
      await call(server, w.admin, 'PATCH', `/api/scales/${id}`, { name: 'Line 9' });
      await stream.closed;
      const again = await readings(id);
      await until(() => dataOf(again, 'connected').length > 0, 2_000, 'connected');
      expect(dataOf(again, 'connected')[0].name).toBe('Line 9');
      await call(server, w.admin, 'DELETE', `/api/scales/${id}`);
      await again.closed;
      expect((await readings(id)).status).toBe(404);
    }));
});

/** A TCP server on 127.0.0.1 doing `behave` with each connection. */
async function misbehaving(behave: (socket: Socket) => void): Promise<{ port: number; server: Server }> {
  const tcp = createServer((socket) => {
    socket.on('error', () => {});
    behave(socket);
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  return { port: (tcp.address() as { port: number }).port, server: tcp };
}

describe('scales fuzz', () => {
  /** Writes `chunk` every few ms until the connection goes: far more than any scale sends. */
  const flood = (socket: Socket, chunk: string) => {
    const sending = setInterval(() => socket.write(chunk), 5);
    socket.on('close', () => clearInterval(sending));
  };
  const behaviours: Record<string, (socket: Socket) => void> = {
    garbage: (socket) =>
      socket.write(Buffer.from(Array.from({ length: 65_536 }, (_, i) => (i * 7919) % 256))),
    'an endless line': (socket) => flood(socket, 'ST,GS,+0012.34'.repeat(500)),
    'endless lines': (socket) => flood(socket, 'US,GS,+0012.30kg\r\nS S 9 kg\r\nS +\r\n'.repeat(200)),
    nothing: () => {},
    'a hang-up': (socket) => socket.destroy(),
  };

  it('a scale sending garbage, an endless line, nothing, or hanging up never crashes or blocks the server', async () => {
    const scales = await Promise.all(Object.values(behaviours).map(misbehaving));
    const loc = (await server.createLocation()).id;
    try {
      const made = await Promise.all(
        [...scales.map(({ port }) => port), await closedPort()].map((port, i) =>
          scaleAt(port, i % 2 ? 'mt-sics' : 'continuous', `Odd ${i}`, loc),
        ),
      );
      const opening = Date.now();
      const streams = await Promise.all(made.map(({ id }) => readings(id)));
      for (let i = 0; i < 10; i++) {
        const started = Date.now();
        expect((await call(server, w.admin, 'GET', '/api/health')).status).toBe(200);
        expect(Date.now() - started).toBeLessThan(500);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      // only the endless lines held weights ("US,GS,+0012.30kg"): heard at most 5 a second; every
      // other stream says its scale is silent; all are still open
      await until(
        () => streams.every((stream, i) => i === 2 || dataOf(stream, 'silent').length > 0),
        scaleSilentMs,
        'every scale without a weight said silent',
      );
      const heard = streams.map((stream) => dataOf(stream, 'reading').length);
      expect(heard.map((n) => n > 0)).toEqual([false, false, true, false, false, false]);
      expect(heard[2]).toBeLessThanOrEqual(
        Math.ceil(((Date.now() - opening) / 1000) * scaleReadingsPerSecond) + 1,
      );
      for (const stream of streams) expect(stream.response.destroyed).toBe(false);
    } finally {
      for (const { server: tcp } of scales) tcp.close();
    }
  });
});

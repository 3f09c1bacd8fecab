import { createServer, type Server, type Socket } from 'node:net';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { askStatus } from '../../server/modules/printing/status-watch';
import { printerStatusWaitMs } from '../../streams/config';
import { hostStatusAnswer, type PrinterState, statusReply } from '../../streams/printing';
import { type FakePrinter, fakePrinterPorts, startFakePrinter } from './fake-printer';
import {
  call,
  createPallet,
  lastEventId,
  liveEventsAfter,
  setupWarehouse,
  testCatalog,
} from './warehouse-fixtures';

// Printers that say how they are: the server asks each one for its host status (Zebra's ~HS)
// and refuses a job a printer would lose.

const { server, w } = setupWarehouse({
  config: { printerPorts: loadConfig({ PRINTER_PORTS: fakePrinterPorts }).printerPorts },
});

/** A location with the test catalogue and a printer on `port` (its default). */
async function printerAt(port: number, name = 'Dock 1') {
  const loc = (await server.createLocation()).id;
  await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
  const made = await call(server, w.admin, 'POST', '/api/printers', {
    locationId: loc,
    name,
    host: '127.0.0.1',
    port,
    dpi: 203,
    labelWidthMm: 100,
    labelHeightMm: 150,
  });
  expect(made.status).toBe(201);
  return { loc, id: made.body.id as string };
}

/** The printer's status as GET /api/printers lists it. */
async function statusOf(loc: string, id: string) {
  const res = await call(server, w.admin, 'GET', `/api/printers?locationId=${loc}`);
  return res.body.data.find((p: { id: string }) => p.id === id).status;
}

/** Waits until the printer's listed state is `state`. */
async function stateBecomes(loc: string, id: string, state: PrinterState, timeoutMs = 5_000) {
  const start = Date.now();
  while ((await statusOf(loc, id)).state !== state) {
    if (Date.now() - start > timeoutMs) throw new Error(`printer not ${state} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The printer states the location's PRINTERS_UPDATE events carried after event `after`. */
async function announcedStates(loc: string, after: number) {
  const events = await liveEventsAfter(server, loc, after);
  return events
    .filter((e) => e.type === 'PRINTERS_UPDATE')
    .map((e) => (e.payload.printers as { status: { state: string } }[])[0].status.state);
}

/**
 * Waits until the location's last PRINTERS_UPDATE events carried `states`, in that order: the
 * server keeps a printer's new status before the event announcing it commits.
 */
async function lastAnnounced(loc: string, states: string[], timeoutMs = 5_000) {
  const start = Date.now();
  for (;;) {
    const announced = await announcedStates(loc, 0);
    if (announced.slice(-states.length).join() === states.join()) return;
    if (Date.now() - start > timeoutMs)
      throw new Error(`announced ${announced.join(', ')}, not ending in ${states.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function withFake<T>(status: string | null, work: (fake: FakePrinter) => Promise<T>) {
  const fake = await startFakePrinter(status);
  try {
    return await work(fake);
  } finally {
    await fake.close();
  }
}

describe('printer status', () => {
  it('a printer out of paper refuses the job with that sentence, "Print anyway" sends it, and once ready it prints', () =>
    withFake(hostStatusAnswer({ paperOut: true, labelsWaiting: 2 }), async (fake) => {
      const { loc, id } = await printerAt(fake.port);
      await stateBecomes(loc, id, 'paper_out');
      expect(await statusOf(loc, id)).toEqual({
        state: 'paper_out',
        flags: {
          paperOut: true,
          paused: false,
          headOpen: false,
          ribbonOut: false,
          overTemperature: false,
          labelsWaiting: 2,
        },
      });
      // the change is a live event, the location's printing set-up with the printer's status: the
      // location's last (the first poll may answer before the printer's creation has returned)
      await lastAnnounced(loc, ['paper_out']);

      const pallet = await createPallet(server, w.admin, loc);
      const refused = await call(server, w.admin, 'POST', `/api/pallets/${pallet.id}/print`, {});
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'PRINTER_PAPER_OUT',
        params: { name: 'Dock 1' },
        message: 'Dock 1 is out of labels: load labels, or print anyway',
      });
      const test = await call(server, w.admin, 'POST', `/api/printers/${id}/test`);
      expect(test.body.code).toBe('PRINTER_PAPER_OUT');
      expect(fake.jobs).toEqual([]);

      const anyway = await call(server, w.admin, 'POST', `/api/pallets/${pallet.id}/print`, { force: true });
      expect(anyway.body).toMatchObject({ status: 'sent' });
      await fake.nextJob();

      // labels loaded: the query just before the next job finds the printer ready
      fake.status = hostStatusAnswer();
      const queries = fake.statusQueries;
      const sent = await call(server, w.admin, 'POST', `/api/pallets/${pallet.id}/print`, {});
      expect(sent.body).toMatchObject({ status: 'sent' });
      expect(fake.statusQueries).toBeGreaterThan(queries);
      await fake.nextJob();
      expect((await statusOf(loc, id)).state).toBe('ready');
      await lastAnnounced(loc, ['paper_out', 'ready']);
    }));

  it('a printer with its head open refuses the job with its own sentence', () =>
    withFake(hostStatusAnswer({ headOpen: true, paperOut: true }), async (fake) => {
      const { loc, id } = await printerAt(fake.port);
      await stateBecomes(loc, id, 'head_open');
      const refused = await call(server, w.admin, 'POST', `/api/printers/${id}/test`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'PRINTER_HEAD_OPEN', params: { name: 'Dock 1' } });
      expect(
        (await call(server, w.admin, 'POST', `/api/printers/${id}/test`, { force: true })).body.status,
      ).toBe('sent');
    }));

  it('a paused printer still takes its job (it prints once resumed)', () =>
    withFake(hostStatusAnswer({ paused: true }), async (fake) => {
      const { loc, id } = await printerAt(fake.port);
      await stateBecomes(loc, id, 'paused');
      expect((await call(server, w.admin, 'POST', `/api/printers/${id}/test`)).body.status).toBe('sent');
      await fake.nextJob();
    }));

  it('a printer that never answers status still prints, at once, "status unknown"', () =>
    withFake(null, async (fake) => {
      const { loc, id } = await printerAt(fake.port);
      const before = await lastEventId(server, loc);
      const asked = Date.now();
      while (fake.statusQueries === 0 && Date.now() - asked < 5_000)
        await new Promise((r) => setTimeout(r, 20));
      expect(fake.statusQueries).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, printerStatusWaitMs + 200));
      expect(await statusOf(loc, id)).toEqual({ state: 'unknown', flags: null });
      const started = Date.now();
      const sent = await call(server, w.admin, 'POST', `/api/printers/${id}/test`);
      expect(sent.body.status).toBe('sent');
      expect(Date.now() - started).toBeLessThan(printerStatusWaitMs);
      await fake.nextJob();
      // never broken: no change of state to announce
      expect(await announcedStates(loc, before)).toEqual([]);
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

describe('printer status fuzz', () => {
  const behaviours: Record<string, (socket: Socket) => void> = {
    garbage: (socket) => socket.write(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
    'endless lines': (socket) => {
      const flood = () => {
        while (!socket.destroyed && socket.write('\x02030,1,1,1245,000,0,0,0,000,0,0,0\r\n'.repeat(200)));
        if (!socket.destroyed) socket.once('drain', flood);
      };
      flood();
    },
    nothing: () => {},
    'a hang-up': (socket) => socket.destroy(),
    'half an answer': (socket) => socket.write(hostStatusAnswer().slice(0, 50)),
  };

  it('a printer sending garbage, endless lines, nothing or half an answer never crashes or blocks the server', async () => {
    const printers = await Promise.all(Object.values(behaviours).map(misbehaving));
    try {
      // each query ends within the answer wait, whatever the printer does
      for (const { port } of printers) {
        const started = Date.now();
        const reply = await firstValueFrom(askStatus('127.0.0.1', port).pipe(statusReply()));
        expect(['silent', 'down']).toContain(reply.kind);
        expect(Date.now() - started).toBeLessThan(printerStatusWaitMs + 500);
      }
      // and the server, polling all of them, keeps answering at once
      const made = await Promise.all(printers.map(({ port }, i) => printerAt(port, `Odd ${i}`)));
      for (let i = 0; i < 10; i++) {
        const started = Date.now();
        expect((await call(server, w.admin, 'GET', '/api/health')).status).toBe(200);
        expect(Date.now() - started).toBeLessThan(500);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      for (const { loc, id } of made) expect((await statusOf(loc, id)).state).toBe('unknown');
      // their jobs still go out (or fail in a sentence)
      for (const { id } of made) {
        const res = await call(server, w.admin, 'POST', `/api/printers/${id}/test`);
        expect(res.status).toBe(200);
      }
    } finally {
      for (const { server: tcp } of printers) tcp.close();
    }
  });
});

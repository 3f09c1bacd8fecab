import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { zplFieldData } from '../../server/modules/printing/zpl';
import { sendRaw } from '../../server/plugins/raw-tcp';
import { gs1CheckDigit, isValidSscc, sscc } from '../../streams/printing';
import { closedPort, fakePrinterPorts, startFakePrinter } from './fake-printer';
import { tablesDigest, testDbKind } from './support/database';
import {
  analyticsOf,
  call,
  createPallet,
  lastEventId,
  liveEventsAfter,
  setupWarehouse,
  testCatalog,
} from './warehouse-fixtures';

const { server, w } = setupWarehouse({
  config: { printerPorts: loadConfig({ PRINTER_PORTS: fakePrinterPorts }).printerPorts },
});

const printer = { name: 'Dock 1', host: '127.0.0.1', dpi: 203, labelWidthMm: 100, labelHeightMm: 150 };
const printingTables = ['printers', 'location_settings', 'pallet_ssccs'];

/** The label's ZPL as GET /api/pallets/{id}/label.zpl answers it. */
async function labelZpl(palletId: string) {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/pallets/${palletId}/label.zpl`,
    headers: w.admin.headers,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
}

/** A new location with the test catalogue and a GS1 company prefix. */
async function gs1Location(prefix = '8712345'): Promise<string> {
  const loc = (await server.createLocation()).id;
  await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
  await call(server, w.admin, 'PATCH', `/api/locations/${loc}/settings`, { gs1CompanyPrefix: prefix });
  return loc;
}

/** The barcodes in a PNG, read by ZXing (its WebAssembly loaded from node_modules, never fetched). */
async function readBarcodesOf(png: Buffer) {
  const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true });
  const found = await readBarcodes(new Blob([new Uint8Array(png)]), { formats: ['QRCode', 'Code128'] });
  return found.map(({ format, text }) => ({ format, text }));
}

/** The ZPL drawn by a renderer of the printer language, as a printer at `dotsPerMm` would print it. */
async function renderZpl(zpl: string, widthMm: number, heightMm: number, dotsPerMm: number): Promise<Buffer> {
  const { ready } = await import('zpl-renderer-js');
  const { api } = await ready;
  return Buffer.from(await api.zplToBase64Async(zpl, widthMm, heightMm, dotsPerMm), 'base64');
}

describe('printers', () => {
  it('are added, listed, changed and removed per location, with one default', async () => {
    const loc = (await server.createLocation()).id;
    const first = await call(server, w.admin, 'POST', '/api/printers', { locationId: loc, ...printer });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ...printer, locationId: loc, port: 9100, isDefault: true });
    const second = await call(server, w.admin, 'POST', '/api/printers', {
      locationId: loc,
      ...printer,
      name: 'Dock 2',
      port: 9101,
      dpi: 300,
      labelWidthMm: 101.6,
    });
    expect(second.body).toMatchObject({ isDefault: false, port: 9101, dpi: 300, labelWidthMm: 101.6 });
    const moved = await call(server, w.admin, 'PATCH', `/api/printers/${second.body.id}`, {
      isDefault: true,
    });
    expect(moved.body.isDefault).toBe(true);
    const list = await call(server, w.admin, 'GET', `/api/printers?locationId=${loc}`);
    expect(list.body.data.map((p: { name: string; isDefault: boolean }) => [p.name, p.isDefault])).toEqual([
      ['Dock 2', true],
      ['Dock 1', false],
    ]);
    const duplicate = await call(server, w.admin, 'PATCH', `/api/printers/${first.body.id}`, {
      name: 'Dock 2',
    });
    expect(duplicate.status).toBe(409);
    expect(await call(server, w.admin, 'DELETE', `/api/printers/${first.body.id}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await call(server, w.admin, 'GET', `/api/printers?locationId=${loc}`)).body.data).toHaveLength(1);
  });

  it("publish the location's printing set-up live and record a system_update on every change", async () => {
    const loc = (await server.createLocation()).id;
    const before = await lastEventId(server, loc);
    const first = await call(server, w.admin, 'POST', '/api/printers', { locationId: loc, ...printer });
    const second = await call(server, w.admin, 'POST', '/api/printers', {
      locationId: loc,
      ...printer,
      name: 'Dock 2',
    });
    await call(server, w.admin, 'PATCH', `/api/printers/${second.body.id}`, { isDefault: true });
    await call(server, w.admin, 'DELETE', `/api/printers/${first.body.id}`);
    await call(server, w.admin, 'PATCH', `/api/locations/${loc}/settings`, { gs1CompanyPrefix: '8712345' });
    const events = await liveEventsAfter(server, loc, before);
    expect(events.map((e) => e.payload.type)).toEqual(Array(5).fill('PRINTERS_UPDATE'));
    const shown = events.map(({ payload }) => [
      (payload.printers as { name: string; isDefault: boolean }[]).map(
        (p) => `${p.name}${p.isDefault ? '*' : ''}`,
      ),
      payload.gs1CompanyPrefix,
    ]);
    // each event holds the whole set-up, so the default moving from one printer to another is one event
    expect(shown).toEqual([
      [['Dock 1*'], null],
      [['Dock 1*', 'Dock 2'], null],
      [['Dock 2*', 'Dock 1'], null],
      [['Dock 2*'], null],
      [['Dock 2*'], '8712345'],
    ]);
    const recorded = await analyticsOf(server, loc, 'system_update');
    expect(recorded.map((e) => [e.notes, e.user_id])).toEqual(
      [
        'Printer Dock 1 added',
        'Printer Dock 2 added',
        'Printer Dock 2 changed',
        'Printer Dock 1 removed',
        'GS1 company prefix changed',
      ].map((notes) => [notes, w.admin.id]),
    );
    expect(recorded[2].previous_state).toMatchObject({ name: 'Dock 2', isDefault: false });
    expect(recorded[2].new_state).toMatchObject({ name: 'Dock 2', isDefault: true });
  });

  it('publish, under concurrent changes, a last set-up that is the final one', async () => {
    const loc = (await server.createLocation()).id;
    const before = await lastEventId(server, loc);
    await Promise.all([
      ...['A', 'B', 'C', 'D'].map((name) =>
        call(server, w.admin, 'POST', '/api/printers', { locationId: loc, ...printer, name }),
      ),
      call(server, w.admin, 'PATCH', `/api/locations/${loc}/settings`, { gs1CompanyPrefix: '8712345' }),
    ]);
    const last = (await liveEventsAfter(server, loc, before)).at(-1)!.payload;
    const list = await call(server, w.admin, 'GET', `/api/printers?locationId=${loc}`);
    expect(last.printers).toEqual(list.body.data);
    expect(last.gs1CompanyPrefix).toBe('8712345');
  });

  it("reach printers on Zebra's port 9100 only unless PRINTER_PORTS lists more", () => {
    expect(loadConfig({}).printerPorts).toEqual([[9100, 9100]]);
    expect(loadConfig({ PRINTER_PORTS: '9100, 9101-9103' }).printerPorts).toEqual([
      [9100, 9100],
      [9101, 9103],
    ]);
    for (const bad of ['', '9100,', '0', '9103-9101', '70000', 'any'])
      expect(() => loadConfig({ PRINTER_PORTS: bad }), bad).toThrow(/PRINTER_PORTS/);
  });

  it('answer 422 for a port PRINTER_PORTS leaves out, and 409 to printing on one saved before', async () => {
    const loc = (await server.createLocation()).id;
    const before = await tablesDigest(server.database, printingTables);
    const ssh = await call(server, w.admin, 'POST', '/api/printers', {
      locationId: loc,
      ...printer,
      port: 22,
    });
    expect(ssh.status).toBe(422);
    const portRule = "printers are reached on port 9100, 1024-65535 only (the server's PRINTER_PORTS)";
    expect(ssh.body.details).toEqual({ port: portRule });
    expect(await tablesDigest(server.database, printingTables)).toEqual(before);
    const made = await call(server, w.admin, 'POST', '/api/printers', { locationId: loc, ...printer });
    const moved = await call(server, w.admin, 'PATCH', `/api/printers/${made.body.id}`, { port: 443 });
    expect(moved.body.details).toEqual({ port: portRule });
    // as if PRINTER_PORTS had listed 22 when the printer was saved
    await server.db.updateTable('printers').set({ port: 22 }).where('id', '=', made.body.id).execute();
    const refused = await call(server, w.admin, 'POST', `/api/printers/${made.body.id}/test`);
    expect(refused).toEqual({ status: 409, body: expect.objectContaining({ message: portRule }) });
  });

  it('answers 422 naming each bad field, and writes nothing', async () => {
    const before = await tablesDigest(server.database, printingTables);
    const bad = await call(server, w.admin, 'POST', '/api/printers', {
      locationId: w.locationId,
      name: 'Dock ^1',
      host: 'printer..local',
      port: 70000,
      dpi: 600,
      labelWidthMm: 20,
      labelHeightMm: 1000,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual([
      'dpi',
      'host',
      'labelHeightMm',
      'labelWidthMm',
      'port',
    ]);
    expect(bad.body.details.labelWidthMm).toBe('labels are 50 to 168 mm wide');
    for (const host of ['-printer', 'a b', 'http://x', '']) {
      const res = await call(server, w.admin, 'POST', '/api/printers', {
        locationId: w.locationId,
        ...printer,
        host,
      });
      expect(res.status, host).toBe(422);
    }
    expect(await tablesDigest(server.database, printingTables)).toEqual(before);
  });

  it('are managed with the admin area rights and seen by the location only', async () => {
    const denied = await call(server, w.manager, 'POST', '/api/printers', {
      locationId: w.locationId,
      ...printer,
    });
    expect(denied.status).toBe(403);
    const usersManager = await server.createUser({
      permissions: ['manage_users'],
      locations: [w.locationId],
    });
    const made = await call(server, usersManager, 'POST', '/api/printers', {
      locationId: w.locationId,
      ...printer,
      host: 'zebra-dock-1.warehouse.example',
    });
    expect(made.status).toBe(201);
    expect((await call(server, w.manager, 'GET', `/api/printers?locationId=${w.locationId}`)).status).toBe(
      200,
    );
    expect((await call(server, w.outsider, 'GET', `/api/printers?locationId=${w.locationId}`)).status).toBe(
      404,
    );
    expect((await call(server, w.outsider, 'POST', `/api/printers/${made.body.id}/test`)).status).toBe(404);
    expect((await call(server, undefined, 'GET', `/api/printers?locationId=${w.locationId}`)).status).toBe(
      401,
    );
    await call(server, w.admin, 'DELETE', `/api/printers/${made.body.id}`);
  });
});

describe('location settings', () => {
  it('keep a GS1 company prefix of 4 to 12 digits, set with the admin area rights', async () => {
    const loc = (await server.createLocation()).id;
    const url = `/api/locations/${loc}/settings`;
    expect((await call(server, w.admin, 'GET', url)).body).toEqual({
      locationId: loc,
      gs1CompanyPrefix: null,
      labelLocale: 'en',
    });
    expect((await call(server, w.admin, 'PATCH', url, { gs1CompanyPrefix: '87A' })).status).toBe(422);
    expect(
      (
        await call(server, w.manager, 'PATCH', `/api/locations/${w.locationId}/settings`, {
          gs1CompanyPrefix: '8712345',
        })
      ).status,
    ).toBe(403);
    expect(await call(server, w.admin, 'PATCH', url, { gs1CompanyPrefix: '8712345' })).toEqual({
      status: 200,
      body: { locationId: loc, gs1CompanyPrefix: '8712345', labelLocale: 'en' },
    });
    expect((await call(server, w.admin, 'GET', url)).body.gs1CompanyPrefix).toBe('8712345');
  });
});

describe('SSCC', () => {
  it('is 18 digits with the GS1 mod-10 check digit', () => {
    // GS1's own example: SSCC 1 0614141 123456789 7
    expect(gs1CheckDigit('10614141123456789')).toBe(7);
    expect(sscc('8712345', 42)).toBe('087123450000000424');
    expect(isValidSscc(sscc('871234567890', 9999))).toBe(true);
    expect(isValidSscc('087123450000000425')).toBe(false);
    expect(() => sscc('8712345', 1e9)).toThrow();
  });
});

describe('GET /api/pallets/{id}/label.zpl', () => {
  it('is one well-formed ZPL label sized for the default printer, escaping user text', async () => {
    const loc = (await server.createLocation()).id;
    await call(server, w.admin, 'PUT', '/api/catalog', {
      locationId: loc,
      ...testCatalog,
      tomatoType: ['Vine ^XZ~_ é'],
    });
    const pallet = await createPallet(server, w.admin, loc, { tomatoType: 'Vine ^XZ~_ é' });
    await call(server, w.admin, 'POST', '/api/printers', {
      locationId: loc,
      ...printer,
      dpi: 300,
      labelWidthMm: 60,
      labelHeightMm: 80,
    });
    const zpl = await labelZpl(pallet.id);
    expect(zpl).toMatch(/^\^XA\^CI28\^PW720\^LL960\^LH0,0/);
    expect(zpl.endsWith('^XZ\n')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl.match(/\^FD/g)?.length).toBe(zpl.match(/\^FS/g)?.length);
    expect(zpl).toMatch(/^[\x20-\x7e]*\n$/);
    expect(zpl).toContain('^FDVine _5EXZ_7E_5F _C3_A9^FS');
    expect(zpl).toContain(`^BQN,2,`);
    expect(zpl).toContain(`^FDMA,${pallet.qr_code}^FS`);
    expect(zpl).toContain('612.50 kg');
    expect(zpl).not.toContain('^BC');
    expect(zplFieldData('a^b~c_d\n')).toBe('a_5Eb_7Ec_5Fd_0A');
  });

  it('gives each pallet under a GS1 prefix its own SSCC, kept from label to label', async () => {
    const prefix = '8700001';
    const pallet = await createPallet(server, w.admin, await gs1Location(prefix));
    // a second site of the same company counts on from the same serials
    const elsewhere = await createPallet(server, w.admin, await gs1Location(prefix));
    const zpl = await labelZpl(pallet.id);
    expect(zpl).toContain(`^BCN,`);
    expect(zpl).toContain(`^FD(00)${sscc(prefix, 1)}^FS`);
    expect(await labelZpl(pallet.id)).toBe(zpl);
    expect(await labelZpl(elsewhere.id)).toContain(`^FD(00)${sscc(prefix, 2)}^FS`);
  });

  // drawing and decoding take seconds and do not depend on the database: one engine is enough
  it.runIf(testDbKind === 'pglite')(
    'renders into a label whose QR holds the pallet JSON and whose GS1-128 holds (00) and its SSCC',
    async () => {
      const pallet = await createPallet(server, w.admin, await gs1Location());
      const png = await renderZpl(await labelZpl(pallet.id), 101.6, 152.4, 8);
      mkdirSync(join('test', 'screenshots'), { recursive: true });
      writeFileSync(join('test', 'screenshots', 'label-zpl-rendered.png'), png);
      const codes = await readBarcodesOf(png);
      expect(codes).toContainEqual({ format: 'QRCode', text: pallet.qr_code });
      expect(JSON.parse(pallet.qr_code)).toEqual({ id: pallet.id });
      const gs1 = codes.find((code) => code.format === 'Code128');
      expect(gs1?.text).toBe(`(00)${sscc('8712345', 1)}`);
      expect(isValidSscc(gs1!.text.slice(4))).toBe(true);
    },
  );

  it('answers 404 for a pallet or printer the caller cannot see', async () => {
    const pallet = await createPallet(server, w.admin, w.locationId);
    expect((await call(server, w.outsider, 'GET', `/api/pallets/${pallet.id}/label.zpl`)).status).toBe(404);
    expect(
      (
        await call(
          server,
          w.admin,
          'GET',
          `/api/pallets/${pallet.id}/label.zpl?printerId=${crypto.randomUUID()}`,
        )
      ).status,
    ).toBe(404);
  });
});

describe('printing over raw TCP', () => {
  it('sends the test label and pallet labels to the printer, byte for byte', async () => {
    const fake = await startFakePrinter();
    try {
      const loc = (await server.createLocation()).id;
      await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
      const made = await call(server, w.admin, 'POST', '/api/printers', {
        locationId: loc,
        ...printer,
        port: fake.port,
      });
      const test = await call(server, w.admin, 'POST', `/api/printers/${made.body.id}/test`);
      const job = await fake.nextJob();
      expect(test.body).toEqual({ status: 'sent', bytes: job.length, elapsedMs: expect.any(Number) });
      expect(job.toString('ascii')).toMatch(/^\^XA.*Test label.*Dock 1.*\^XZ\n$/);

      const pallet = await createPallet(server, w.admin, loc);
      const printed = await call(server, w.admin, 'POST', `/api/pallets/${pallet.id}/print`, {});
      const label = await fake.nextJob();
      expect(label.toString('ascii')).toBe(await labelZpl(pallet.id));
      expect(printed.body).toMatchObject({ status: 'sent', bytes: label.length });
      const jobs = (await analyticsOf(server, loc, 'system_update')).filter((e) =>
        e.notes?.includes('printed'),
      );
      expect(jobs.map((e) => [e.notes, e.pallet_id, e.user_id, e.new_state])).toEqual([
        ['Test label printed on Dock 1', null, w.admin.id, { printerId: made.body.id, ...test.body }],
        ['Label printed on Dock 1', pallet.id, w.admin.id, { printerId: made.body.id, ...printed.body }],
      ]);
    } finally {
      await fake.close();
    }
  });

  it('answers a refused connection at once and an unreachable printer within 5 s', async () => {
    const loc = (await server.createLocation()).id;
    await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
    const port = await closedPort();
    const refusing = await call(server, w.admin, 'POST', '/api/printers', {
      locationId: loc,
      ...printer,
      port,
    });
    const refused = await call(server, w.admin, 'POST', `/api/printers/${refusing.body.id}/test`);
    expect(refused.body).toMatchObject({
      status: 'refused',
      message: expect.stringContaining(`127.0.0.1:${port} refused`),
    });
    // a failed job is recorded as an error, in the printer's words
    expect((await analyticsOf(server, loc, 'error')).map((e) => e.notes)).toEqual([refused.body.message]);
    // TEST-NET-1 (RFC 5737) is never routed: no answer, no route, or a firewall's refusal
    const away = await call(server, w.admin, 'POST', '/api/printers', {
      locationId: loc,
      ...printer,
      name: 'Away',
      host: '192.0.2.1',
    });
    const started = Date.now();
    const lost = await call(server, w.admin, 'POST', `/api/printers/${away.body.id}/test`);
    expect(Date.now() - started).toBeLessThan(5_500);
    expect(['timed_out', 'unreachable', 'refused']).toContain(lost.body.status);
    expect(lost.body.message).toContain('192.0.2.1:9100');
  });

  it('times out a printer that takes no more bytes', async () => {
    // accepts and never reads: once the socket buffers are full the label cannot be handed over
    const stuck = createServer((socket) => socket.pause());
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
    const { port } = stuck.address() as { port: number };
    const result = await sendRaw('127.0.0.1', port, Buffer.alloc(64 * 1024 * 1024, 0x20), 300);
    expect(result).toMatchObject({ status: 'timed_out', message: expect.stringContaining('within 0.3 s') });
    stuck.close();
  });

  it('answers 409 for a pallet label when the location has no default printer', async () => {
    const loc = (await server.createLocation()).id;
    await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
    const pallet = await createPallet(server, w.admin, loc);
    const res = await call(server, w.admin, 'POST', `/api/pallets/${pallet.id}/print`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('no default printer');
  });
});

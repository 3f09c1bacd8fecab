import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { prunePrintJobs } from '../../server/modules/printing/jobs-repository';
import { hostStatusAnswer } from '../../streams/printing';
import { fakePrinterPorts, startFakePrinter } from './fake-printer';
import { call, createPallet, setupWarehouse, testCatalog } from './warehouse-fixtures';

// Every label job is kept per location, with what the printer said before and after, and can be
// sent again as it was.

const { server, w } = setupWarehouse({
  config: { printerPorts: loadConfig({ PRINTER_PORTS: fakePrinterPorts }).printerPorts },
});

async function printerAt(port: number) {
  const loc = (await server.createLocation()).id;
  await call(server, w.admin, 'PUT', '/api/catalog', { locationId: loc, ...testCatalog });
  const made = await call(server, w.admin, 'POST', '/api/printers', {
    locationId: loc,
    name: 'Dock 1',
    host: '127.0.0.1',
    port,
    dpi: 203,
    labelWidthMm: 100,
    labelHeightMm: 150,
  });
  return { loc, id: made.body.id as string };
}

const jobsOf = async (loc: string) =>
  (await call(server, w.admin, 'GET', `/api/print-jobs?locationId=${loc}`)).body.data as Record<
    string,
    unknown
  >[];

describe('label job history', () => {
  it('keeps every job: pallet, printer, who, when, bytes, outcome and the status before and after; a reprint sends the same bytes', async () => {
    const fake = await startFakePrinter(hostStatusAnswer({ paperOut: true }));
    try {
      const { loc, id } = await printerAt(fake.port);
      // the first poll finds it out of paper
      const until = Date.now() + 5_000;
      while (
        (await call(server, w.admin, 'GET', `/api/printers?locationId=${loc}`)).body.data[0].status.state !==
        'paper_out'
      ) {
        if (Date.now() > until) throw new Error('the printer was not polled');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const pallet = await createPallet(server, w.admin, loc);
      expect((await call(server, w.admin, 'POST', `/api/pallets/${pallet.id}/print`, {})).status).toBe(409);
      const forced = await call(server, w.admin, 'POST', `/api/pallets/${pallet.id}/print`, { force: true });
      const label = await fake.nextJob();
      fake.status = hostStatusAnswer();
      await call(server, w.admin, 'POST', `/api/printers/${id}/test`);
      const test = await fake.nextJob();

      const paperOut = { state: 'paper_out', flags: expect.objectContaining({ paperOut: true }) };
      const ready = { state: 'ready', flags: expect.objectContaining({ paperOut: false }) };
      const jobs = await jobsOf(loc);
      expect(jobs).toEqual([
        expect.objectContaining({
          palletId: null,
          outcome: 'sent',
          bytes: test.length,
          statusBefore: ready,
          statusAfter: ready,
        }),
        expect.objectContaining({
          palletId: pallet.id,
          outcome: 'sent',
          bytes: forced.body.bytes,
          statusBefore: paperOut,
          statusAfter: paperOut,
        }),
        expect.objectContaining({
          palletId: pallet.id,
          printerId: id,
          printerName: 'Dock 1',
          userId: w.admin.id,
          username: w.admin.username,
          outcome: 'held',
          bytes: null,
          message: 'Dock 1 is out of labels: load labels, or print anyway',
          statusBefore: paperOut,
          statusAfter: null,
        }),
      ]);
      expect(Date.parse(jobs[2].createdAt as string)).toBeGreaterThan(Date.now() - 60_000);
      expect(forced.body.bytes).toBe(label.length);

      // a reprint of the pallet's label: the same bytes again, a job of its own
      const again = await call(server, w.admin, 'POST', `/api/print-jobs/${jobs[1].id}/reprint`);
      expect(again.body).toMatchObject({ status: 'sent', bytes: label.length });
      expect((await fake.nextJob()).equals(label)).toBe(true);
      expect(await jobsOf(loc)).toHaveLength(4);
      expect((await jobsOf(loc))[0]).toMatchObject({
        palletId: pallet.id,
        outcome: 'sent',
        statusBefore: ready,
      });

      // a pallet's labels alone, for its page: the test label is not among them
      const ofPallet = await call(
        server,
        w.admin,
        'GET',
        `/api/print-jobs?locationId=${loc}&palletId=${pallet.id}`,
      );
      expect(ofPallet.body.data.map((job: { id: string }) => job.id)).toEqual(
        (await jobsOf(loc)).filter((job) => job.palletId === pallet.id).map((job) => job.id),
      );
      expect(ofPallet.body.data).toHaveLength(3);

      // a removed printer's jobs stay listed, with its name, and cannot be reprinted
      await call(server, w.admin, 'DELETE', `/api/printers/${id}`);
      const kept = await jobsOf(loc);
      expect(kept.map((job) => [job.printerId, job.printerName])).toEqual(Array(4).fill([null, 'Dock 1']));
      expect((await call(server, w.admin, 'POST', `/api/print-jobs/${kept[0].id}/reprint`)).status).toBe(404);
    } finally {
      await fake.close();
    }
  });

  it('are seen only in their location', async () => {
    const fake = await startFakePrinter();
    try {
      const { loc, id } = await printerAt(fake.port);
      await call(server, w.admin, 'POST', `/api/printers/${id}/test`);
      await fake.nextJob();
      const [job] = await jobsOf(loc);
      const outsider = await server.createUser({ admin: false });
      expect((await call(server, outsider, 'GET', `/api/print-jobs?locationId=${loc}`)).status).toBe(404);
      expect((await call(server, outsider, 'POST', `/api/print-jobs/${job.id}/reprint`)).status).toBe(404);
    } finally {
      await fake.close();
    }
  });

  it("are kept as long as the live log's events: by age and by count per location", async () => {
    const fake = await startFakePrinter();
    try {
      const { loc, id } = await printerAt(fake.port);
      for (let i = 0; i < 3; i++) {
        await call(server, w.admin, 'POST', `/api/printers/${id}/test`);
        await fake.nextJob();
      }
      const [, , oldest] = await jobsOf(loc);
      await server.db
        .updateTable('print_jobs')
        .set({ created_at: new Date(Date.now() - 8 * 24 * 3_600_000).toISOString() })
        .where('id', '=', oldest.id as string)
        .execute();
      await prunePrintJobs(server.db, { retentionMs: 7 * 24 * 3_600_000, retentionEvents: 100 });
      expect(await jobsOf(loc)).toHaveLength(2);
      await prunePrintJobs(server.db, { retentionMs: 7 * 24 * 3_600_000, retentionEvents: 1 });
      expect(await jobsOf(loc)).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });
});

import { z } from 'zod';
import { localeSchema } from '../../../streams/admin/user-schema';
import {
  gs1CompanyPrefixPattern,
  labelLimitsMm,
  printerDpis,
  testLabelFields,
} from '../../../streams/printing';
import { labelSettingsSchema, printerSchema, printJobSchema } from '../../../streams/printing/printer-schema';
import type { App } from '../../app-type';
import { assertLocationAccess, currentUser, isUuid, visible } from '../../plugins/auth';
import { assertDevicePort, hostSchema, portSchema } from '../../plugins/device-address';
import { notFound, refuse, refuseDuplicate } from '../../plugins/errors';
import { mutate } from '../../plugins/mutate';
import { errorAnswers } from '../../plugins/openapi';
import { idParams, successSchema } from '../../plugins/resources';
import { lineText } from '../../plugins/text';
import { loadPallet } from '../pallets';
import { findPrintJob, listPrintJobs, recentPrintJobs } from './jobs-repository';
import {
  clearDefault,
  defaultPrinter,
  deletePrinter,
  gs1CompanyPrefix,
  insertPrinter,
  labelSettings,
  lockLocationPrinters,
  type PrinterDoc,
  setGs1CompanyPrefix,
  setLabelLocale,
  updatePrinter,
} from './repository';
import {
  fallbackSize,
  labelZpl,
  loadPrinter,
  nameTaken,
  palletLabelFields,
  printerFor,
  printerPortMessage,
  printingChanged,
  printLabel,
  today,
  wordsOf,
} from './service';
import { PrinterWatch, printingSetup } from './status-watch';

const labelMm = (limits: { min: number; max: number }, side: string) =>
  z
    .number()
    .min(limits.min, `labels are ${limits.min} to ${limits.max} mm ${side}`)
    .max(limits.max, `labels are ${limits.min} to ${limits.max} mm ${side}`)
    .refine((mm) => Number.isInteger(Math.round(mm * 1e6) / 1e5), 'is given in tenths of a mm');

const printerFields = z.object({
  name: lineText(100),
  host: hostSchema,
  port: portSchema,
  dpi: z
    .number()
    .refine((dpi): dpi is (typeof printerDpis)[number] => (printerDpis as readonly number[]).includes(dpi), {
      message: `must be one of ${printerDpis.join(', ')}`,
    }),
  labelWidthMm: labelMm(labelLimitsMm.width, 'wide'),
  labelHeightMm: labelMm(labelLimitsMm.height, 'high'),
  isDefault: z.boolean().describe("the location's default printer: setting it clears the former default"),
});

const createBody = printerFields
  .extend({
    locationId: z.uuid(),
    port: printerFields.shape.port.default(9100),
    isDefault: printerFields.shape.isDefault
      .optional()
      .describe('default: true when the location has no default printer yet'),
  })
  .strict();

const patchBody = printerFields
  .partial()
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'send at least one of name, host, port, dpi, labelWidthMm, labelHeightMm, isDefault',
  });

/** A job's body: "Print anyway" sends it to a printer that reports paper out or its head open. */
const forceField = z
  .boolean()
  .optional()
  .describe('send it also to a printer that reports paper out or its head open');

const printResultSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('sent'), bytes: z.number().int(), elapsedMs: z.number().int() }),
    z.object({
      status: z.enum(['refused', 'timed_out', 'unreachable', 'failed']),
      message: z.string(),
      elapsedMs: z.number().int(),
    }),
  ])
  .describe("what the printer did, within 5 s: took the label's bytes, or the socket failure in a sentence");

/** CONTRACT's printing routes: printers per location, the GS1 setting, pallet labels as ZPL, and printing over raw TCP. */
export async function printingRoutes(app: App): Promise<void> {
  const watch = new PrinterWatch(app);
  app.decorate('printerWatch', watch);
  app.addHook('onReady', async () => watch.start());
  app.addHook('onClose', async () => watch.stop());
  const withStatus = (printer: PrinterDoc) => ({ ...printer, status: watch.status(printer.id) });
  /** A printer change's answer, once the watch polls the printers as they are now. */
  const synced = async <T>(answer: Promise<T>) => {
    const body = await answer;
    void watch.sync();
    return body;
  };

  app.get(
    '/api/printers',
    {
      schema: {
        tags: ['printing'],
        summary: 'The label printers of a location, the default first',
        querystring: z.object({ locationId: z.uuid() }),
        response: { 200: z.object({ data: z.array(printerSchema) }), ...errorAnswers(401, 404, 422) },
      },
    },
    async (request) => {
      await assertLocationAccess(request, request.query.locationId);
      const { printers } = await printingSetup(app.db, watch, request.query.locationId);
      return { data: printers };
    },
  );

  app.post(
    '/api/printers',
    {
      config: { conflicts: ['PRINTER_NAME_TAKEN'] },
      schema: {
        tags: ['printing'],
        summary: 'Add a label printer to a location (admin or manage_users)',
        body: createBody,
        response: { 201: printerSchema, ...errorAnswers(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { locationId, isDefault, ...fields } = request.body;
      await assertLocationAccess(request, locationId);
      assertDevicePort(app, fields.port, 'PRINTER_PORT_NOT_ALLOWED', printerPortMessage);
      return synced(
        mutate(request, reply, async (trx) => {
          await lockLocationPrinters(trx, locationId);
          const makeDefault = isDefault ?? (await defaultPrinter(trx, locationId)) === undefined;
          if (makeDefault) await clearDefault(trx, locationId);
          const printer = await refuseDuplicate(nameTaken(fields.name), () =>
            insertPrinter(trx, locationId, { ...fields, isDefault: makeDefault }),
          );
          return {
            status: 201,
            body: withStatus(printer),
            ...(await printingChanged(
              trx,
              watch,
              locationId,
              `Printer ${printer.name} added`,
              null,
              printer,
            )),
          };
        }),
      );
    },
  );

  app.patch(
    '/api/printers/:id',
    {
      config: { conflicts: ['PRINTER_NAME_TAKEN'] },
      schema: {
        tags: ['printing'],
        summary: 'Change a label printer (admin or manage_users)',
        params: idParams,
        body: patchBody,
        response: { 200: printerSchema, ...errorAnswers(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const printer = await loadPrinter(request, request.params.id);
      assertDevicePort(app, request.body.port, 'PRINTER_PORT_NOT_ALLOWED', printerPortMessage);
      return synced(
        mutate(request, reply, async (trx) => {
          await lockLocationPrinters(trx, printer.locationId);
          if (request.body.isDefault) await clearDefault(trx, printer.locationId);
          const name = request.body.name ?? printer.name;
          const changed = await refuseDuplicate(nameTaken(name), () =>
            updatePrinter(trx, printer.id, request.body),
          );
          return {
            body: withStatus(changed),
            ...(await printingChanged(
              trx,
              watch,
              printer.locationId,
              `Printer ${name} changed`,
              printer,
              changed,
            )),
          };
        }),
      );
    },
  );

  app.delete(
    '/api/printers/:id',
    {
      schema: {
        tags: ['printing'],
        summary: 'Remove a label printer (admin or manage_users)',
        params: idParams,
        response: { 200: successSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const printer = await loadPrinter(request, request.params.id);
      return synced(
        mutate(request, reply, async (trx) => {
          await lockLocationPrinters(trx, printer.locationId);
          await deletePrinter(trx, printer.id);
          return {
            body: { success: true as const },
            ...(await printingChanged(
              trx,
              watch,
              printer.locationId,
              `Printer ${printer.name} removed`,
              printer,
              null,
            )),
          };
        }),
      );
    },
  );

  app.post(
    '/api/printers/:id/test',
    {
      config: { conflicts: ['PRINTER_PORT_NOT_ALLOWED', 'PRINTER_PAPER_OUT', 'PRINTER_HEAD_OPEN'] },
      schema: {
        tags: ['printing'],
        summary: "Print a test label (the pallet label with the printer's name and address) over raw TCP",
        params: idParams,
        body: z.object({ force: forceField }).strict().nullish(),
        response: { 200: printResultSchema, ...errorAnswers(401, 404, 409) },
      },
    },
    async (request) => {
      const printer = await loadPrinter(request, request.params.id);
      const words = await wordsOf(app.db, printer.locationId);
      const fields = testLabelFields(
        printer,
        today(),
        await gs1CompanyPrefix(app.db, printer.locationId),
        words,
      );
      return printLabel(
        request,
        printer,
        labelZpl(fields, printer, words),
        { palletId: null, notes: `Test label printed on ${printer.name}` },
        request.body?.force,
      );
    },
  );

  app.get(
    '/api/pallets/:id/label.zpl',
    {
      config: { conflicts: ['SSCC_SERIALS_EXHAUSTED'] },
      schema: {
        tags: ['printing'],
        summary:
          "A pallet's label as ZPL, sized for a printer (default: the location's default printer, else 4 × 6 in at 203 dpi)",
        description:
          'QR holding {"id":"…"}, the id, types, weight and date; with the location\'s GS1 company prefix also the SSCC as GS1-128 with AI (00), given to the pallet on its first label.',
        params: idParams,
        querystring: z.object({ printerId: z.string().optional() }),
        response: { 200: z.string().describe('ZPL (ASCII)'), ...errorAnswers(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const pallet = await loadPallet(app.db, currentUser(request), request.params.id);
      const printer = await printerFor(request, pallet, request.query.printerId);
      const words = await wordsOf(app.db, pallet.location_id);
      const zpl = labelZpl(await palletLabelFields(app, pallet), printer ?? fallbackSize, words);
      return reply.type('text/plain; charset=us-ascii').send(zpl);
    },
  );

  app.post(
    '/api/pallets/:id/print',
    {
      config: {
        conflicts: [
          'NO_DEFAULT_PRINTER',
          'PRINTER_PORT_NOT_ALLOWED',
          'PRINTER_PAPER_OUT',
          'PRINTER_HEAD_OPEN',
          'SSCC_SERIALS_EXHAUSTED',
        ],
      },
      schema: {
        tags: ['printing'],
        summary:
          "Print a pallet's label on a printer of its location (default: the location's default printer)",
        params: idParams,
        body: z.object({ printerId: z.string().optional(), force: forceField }).strict().optional(),
        response: { 200: printResultSchema, ...errorAnswers(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const pallet = await loadPallet(app.db, currentUser(request), request.params.id);
      const printer = await printerFor(request, pallet, request.body?.printerId);
      if (!printer)
        throw refuse(
          'NO_DEFAULT_PRINTER',
          'This location has no default printer: add one at Printers and scales',
        );
      const fields = await palletLabelFields(app, pallet);
      const words = await wordsOf(app.db, pallet.location_id);
      return printLabel(
        request,
        printer,
        labelZpl(fields, printer, words),
        {
          palletId: pallet.id,
          notes: `Label printed on ${printer.name}`,
        },
        request.body?.force,
      );
    },
  );

  app.get(
    '/api/print-jobs',
    {
      schema: {
        tags: ['printing'],
        summary: `A location's last ${recentPrintJobs} label jobs, newest first (or a pallet's)`,
        description:
          "With `palletId`, only that pallet's labels. Each job: pallet (null for a test label), printer, who sent it and when, the bytes sent, what the printer did (held: not sent, the printer reported paper out or its head open) and the printer's status before and after. Kept as long as the live event log keeps its events.",
        querystring: z.object({ locationId: z.uuid(), palletId: z.uuid().optional() }),
        response: { 200: z.object({ data: z.array(printJobSchema) }), ...errorAnswers(401, 404, 422) },
      },
    },
    async (request) => {
      const { locationId, palletId } = request.query;
      await assertLocationAccess(request, locationId);
      return { data: await listPrintJobs(app.db, locationId, palletId) };
    },
  );

  app.post(
    '/api/print-jobs/:id/reprint',
    {
      config: { conflicts: ['PRINTER_PORT_NOT_ALLOWED', 'PRINTER_PAPER_OUT', 'PRINTER_HEAD_OPEN'] },
      schema: {
        tags: ['printing'],
        summary: "Send a job's label again, byte for byte, to its printer (a new job of its own)",
        params: idParams,
        body: z.object({ force: forceField }).strict().nullish(),
        response: { 200: printResultSchema, ...errorAnswers(401, 404, 409) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound();
      const job = visible(
        currentUser(request),
        await findPrintJob(app.db, request.params.id),
        (found) => found.locationId,
      );
      // a removed printer's jobs cannot go anywhere
      if (job.printerId === null) throw notFound();
      const printer = await loadPrinter(request, job.printerId);
      return printLabel(
        request,
        printer,
        job.zpl,
        { palletId: job.palletId, notes: `Label printed again on ${printer.name}` },
        request.body?.force,
      );
    },
  );

  app.get(
    '/api/locations/:id/settings',
    {
      schema: {
        tags: ['printing'],
        summary: "A location's label settings",
        params: idParams,
        response: { 200: labelSettingsSchema, ...errorAnswers(401, 404) },
      },
    },
    async (request) => {
      await assertLocationAccess(request, request.params.id);
      return { locationId: request.params.id, ...(await labelSettings(app.db, request.params.id)) };
    },
  );

  app.patch(
    '/api/locations/:id/settings',
    {
      schema: {
        tags: ['printing'],
        summary:
          "Set a location's label settings (admin or manage_users): its GS1 company prefix (null removes it) and the language its labels print in",
        params: idParams,
        body: z
          .object({
            gs1CompanyPrefix: z
              .string()
              .regex(gs1CompanyPrefixPattern, 'a GS1 company prefix is 4 to 12 digits')
              .nullable()
              .describe(
                "with it, pallet labels carry an SSCC: extension digit 0, this prefix, the location's serial, check digit",
              ),
            labelLocale: localeSchema.describe('the language its network labels print in'),
          })
          .partial()
          .strict()
          .refine((body) => Object.values(body).some((value) => value !== undefined), {
            message: 'send gs1CompanyPrefix or labelLocale',
          }),
        response: { 200: labelSettingsSchema, ...errorAnswers(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const locationId = request.params.id;
      const { gs1CompanyPrefix: prefix, labelLocale: locale } = request.body;
      await assertLocationAccess(request, locationId);
      return mutate(request, reply, async (trx) => {
        // as every printer change: each PRINTERS_UPDATE then holds every change logged before it
        await lockLocationPrinters(trx, locationId);
        const previous = await labelSettings(trx, locationId);
        if (prefix !== undefined) await setGs1CompanyPrefix(trx, locationId, prefix);
        if (locale !== undefined) await setLabelLocale(trx, locationId, locale);
        const changed = Object.keys(request.body) as (keyof typeof previous)[];
        return {
          body: { locationId, ...(await labelSettings(trx, locationId)) },
          ...(await printingChanged(
            trx,
            watch,
            locationId,
            changed.length > 1
              ? 'Label settings changed'
              : prefix !== undefined
                ? 'GS1 company prefix changed'
                : 'Label language changed',
            Object.fromEntries(changed.map((key) => [key, previous[key]])),
            request.body,
          )),
        };
      });
    },
  );
}

import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type LabelFields,
  type LabelSize,
  type LabelWords,
  labelWords,
  type PrintResult,
  palletLabelLayout,
  refusesJobs,
} from '../../../streams/printing';
import type { App } from '../../app-type';
import { portAllowed, portRangesText } from '../../config';
import type { DB } from '../../db/schema';
import { currentUser, isUuid, visible } from '../../plugins/auth';
import { notFound, refuse } from '../../plugins/errors';
import type { MutationOutcome } from '../../plugins/mutate';
import { sendRaw } from '../../plugins/raw-tcp';
import { insertAnalyticsEvents, systemUpdate } from '../analytics';
import type { PalletDoc } from '../pallets';
import { insertPrintJob } from './jobs-repository';
import { defaultPrinter, findPrinter, labelLocale, type PrinterDoc, palletSscc } from './repository';
import { type PrinterWatch, printingSetup } from './status-watch';
import { layoutZpl } from './zpl';

/** A label size for locations without a default printer: the 4 × 6 inch logistic label at 203 dpi. */
export const fallbackSize: LabelSize = { dpi: 203, labelWidthMm: 101.6, labelHeightMm: 152.4 };

/** The printer `id` if the caller may see its location (404 otherwise). */
export async function loadPrinter(request: FastifyRequest, id: string): Promise<PrinterDoc> {
  if (!isUuid(id)) throw notFound();
  return visible(
    currentUser(request),
    await findPrinter(request.server.db, id),
    (printer) => printer.locationId,
  );
}

/** What a pallet's label shows: its attributes, the day it was made and its SSCC. */
export async function palletLabelFields(app: App, pallet: PalletDoc): Promise<LabelFields> {
  return {
    id: pallet.id,
    tomatoType: pallet.tomato_type,
    boxType: pallet.box_type,
    tomatoOption: pallet.tomato_option,
    palletType: pallet.pallet_type,
    weightKg: pallet.weight,
    date: pallet.created_at.slice(0, 10),
    sscc: await palletSscc(app.db, pallet.id, pallet.location_id),
  };
}

/** The printer a pallet's label is for: the one asked for (in the pallet's location), else the location's default. */
export async function printerFor(request: FastifyRequest, pallet: PalletDoc, printerId: string | undefined) {
  if (printerId === undefined) return defaultPrinter(request.server.db, pallet.location_id);
  const printer = await loadPrinter(request, printerId);
  if (printer.locationId !== pallet.location_id) throw notFound();
  return printer;
}

/** The ZPL of a label at a size, in the words of its location's language. */
export const labelZpl = (fields: LabelFields, size: LabelSize, words: LabelWords) =>
  layoutZpl(palletLabelLayout(fields, size, words));

/** The words a location's labels print. */
export const wordsOf = async (db: Kysely<DB>, locationId: string) =>
  labelWords[await labelLocale(db, locationId)];

export const printerPortMessage = (allowedPorts: string) =>
  `printers are reached on port ${allowedPorts} only (the server's PRINTER_PORTS)`;

export const nameTaken = (name: string) => () =>
  refuse('PRINTER_NAME_TAKEN', `A printer named "${name}" already exists here`, { name });

/**
 * Prints a label on `printer` (its ZPL is ASCII only, text being `^FH`-escaped, so its bytes are
 * its characters) and records the job as an analytics event: `system_update` when the printer
 * took it, `error` with the socket's failure otherwise. A printer saved before PRINTER_PORTS
 * left out its port gets 409 and nothing is sent; so does a printer that, asked just before,
 * reports paper out or its head open (the job would be lost), unless `force`.
 */
export async function printLabel(
  request: FastifyRequest,
  printer: PrinterDoc,
  zpl: string,
  what: { palletId: string | null; notes: string },
  force = false,
): Promise<PrintResult> {
  const app = request.server;
  if (!portAllowed(app.config.printerPorts, printer.port)) {
    const allowedPorts = portRangesText(app.config.printerPorts);
    throw refuse('PRINTER_PORT_NOT_ALLOWED', printerPortMessage(allowedPorts), {
      port: printer.port,
      allowedPorts,
    });
  }
  const job = {
    locationId: printer.locationId,
    printerId: printer.id,
    printerName: printer.name,
    palletId: what.palletId,
    userId: currentUser(request).id,
    zpl,
  };
  const before = await app.printerWatch.check(printer.id);
  if (!force && refusesJobs(before.state)) {
    const params = { name: printer.name };
    const refusal =
      before.state === 'paper_out'
        ? refuse(
            'PRINTER_PAPER_OUT',
            `${printer.name} is out of labels: load labels, or print anyway`,
            params,
          )
        : refuse('PRINTER_HEAD_OPEN', `${printer.name} has its head open: close it, or print anyway`, params);
    await insertPrintJob(app.db, {
      ...job,
      outcome: 'held',
      bytes: null,
      message: refusal.message,
      statusBefore: before,
      statusAfter: null,
    });
    throw refusal;
  }
  const result = await sendRaw(printer.host, printer.port, Buffer.from(zpl, 'ascii'));
  await insertPrintJob(app.db, {
    ...job,
    outcome: result.status,
    bytes: result.status === 'sent' ? result.bytes : null,
    message: result.status === 'sent' ? null : result.message,
    statusBefore: before,
    statusAfter: await app.printerWatch.check(printer.id),
  });
  await insertAnalyticsEvents(app.db, [
    {
      event_type: result.status === 'sent' ? 'system_update' : 'error',
      location_id: printer.locationId,
      user_id: currentUser(request).id,
      pallet_id: what.palletId,
      notes: result.status === 'sent' ? what.notes : result.message,
      new_state: { printerId: printer.id, ...result },
    },
  ]);
  return result;
}

/**
 * What a change of a location's printers or label settings logs: a PRINTERS_UPDATE live event
 * holding the location's whole printing set-up as GET /api/printers and the settings answer it
 * (a change of the default touches two printers), so every open printer screen and print button
 * follows without a reload; and a `system_update` analytics event.
 */
export async function printingChanged(
  trx: Kysely<DB>,
  watch: PrinterWatch,
  locationId: string,
  notes: string,
  previous: unknown,
  next: unknown,
): Promise<Pick<MutationOutcome<unknown>, 'live' | 'analytics'>> {
  const message = {
    // not one of SPEC 7's types: clients that do not know it skip it
    type: 'PRINTERS_UPDATE',
    ...(await printingSetup(trx, watch, locationId)),
  };
  return {
    live: [{ locationId, message }],
    analytics: [systemUpdate(locationId, notes, { previous, next })],
  };
}

export const today = () => new Date().toISOString().slice(0, 10);

import { z } from 'zod';
import { locales } from '../i18n/locales';
import { type HostStatus, type PrinterStatus, printerStates } from './host-status';
import { printerDpis } from './label-layout';

/** A printer's state and its last `~HS` answer, as the API answers them. */
const printerStatusSchema = z
  .object({
    state: z.enum(printerStates),
    flags: z
      .object({
        paperOut: z.boolean(),
        paused: z.boolean(),
        headOpen: z.boolean(),
        ribbonOut: z.boolean(),
        overTemperature: z.boolean(),
        labelsWaiting: z.number().int(),
      } satisfies Record<keyof HostStatus, z.ZodType>)
      .nullable()
      .describe('its last answer to ~HS; null while it never answered one'),
  } satisfies Record<keyof PrinterStatus, z.ZodType>)
  .describe(
    "what the printer says of itself (Zebra's ~HS, asked every 30 s and before each job): unknown for a printer that does not answer status, unreachable after two missed polls",
  );

/**
 * A label printer of a location as the API answers it: the server answers with it and documents
 * it, the screens parse their printers with it.
 */
export const printerSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  dpi: z.literal(printerDpis),
  labelWidthMm: z.number(),
  labelHeightMm: z.number(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: printerStatusSchema,
});

/** A label printer as the API answers it, its status followed live. */
export type Printer = z.infer<typeof printerSchema>;

/** What a manager sets on a printer. */
export type PrinterFields = Pick<
  Printer,
  'name' | 'host' | 'port' | 'dpi' | 'labelWidthMm' | 'labelHeightMm' | 'isDefault'
>;

/** A label job as the history lists it (GET /api/print-jobs). */
export const printJobSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  printerId: z.string().nullable().describe('null once the printer is removed'),
  printerName: z.string(),
  palletId: z.string().nullable().describe('null for a test label'),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  createdAt: z.string(),
  outcome: z
    .enum(['sent', 'refused', 'timed_out', 'unreachable', 'failed', 'held'])
    .describe('what the printer did; held: not sent, it reported paper out or its head open'),
  bytes: z.number().int().nullable(),
  message: z.string().nullable(),
  statusBefore: printerStatusSchema,
  statusAfter: printerStatusSchema.nullable(),
});

/** A label job as the history lists it. */
export type PrintJob = z.infer<typeof printJobSchema>;

/** A location's label settings (GET /api/locations/{id}/settings). */
export const labelSettingsSchema = z.object({
  locationId: z.string(),
  gs1CompanyPrefix: z.string().nullable(),
  labelLocale: z.enum(locales).describe("the language the location's network labels print in"),
});

/** A location's label settings. */
export type LabelSettings = z.infer<typeof labelSettingsSchema>;

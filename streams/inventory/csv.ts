import Papa from 'papaparse';
import type { Pallet } from '../live/types';

/** The columns of the pallet export, as the dashboard and the QR modal name the fields. */
export const csvColumns = [
  'ID',
  'Tomato Type',
  'Box Type',
  'Option',
  'Type',
  'Weight (kg)',
  'Zone',
  'Age',
  'Made',
] as const;

/** A column of the export. */
export type CsvColumn = (typeof csvColumns)[number];

/** One exported pallet, by column. */
export type CsvRow = Record<CsvColumn, string | number>;

/** A pallet's export row; `zone` and `age` come from the screen's own reading of them. */
export function csvRow(pallet: Pallet, zone: string, age: string): CsvRow {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    ID: pallet.id,
    'Tomato Type': text(pallet.tomatoType),
    'Box Type': text(pallet.boxType),
    Option: text(pallet.tomatoOption),
    Type: text(pallet.palletType),
    'Weight (kg)': typeof pallet.weight === 'number' ? pallet.weight : '',
    Zone: zone,
    Age: age,
    Made: text(pallet.createdAt),
  };
}

/**
 * The rows as CSV text with a header: each column's head as given (in the reader's language),
 * else its name. Numbers are written with `decimal`, the reader's decimal separator, without
 * grouping ("612,5" in Dutch), as the reader's spreadsheet reads a number; where that is a comma
 * the cells are separated by semicolons, as such a spreadsheet (Excel in Dutch, LibreOffice)
 * expects. A cell beginning with =, +, -, @, tab or carriage return is quoted behind an
 * apostrophe: a spreadsheet would otherwise run a catalogue value such as `=HYPERLINK(…)` as a formula.
 */
export const toCsv = (
  rows: readonly CsvRow[],
  heads?: Record<CsvColumn, string>,
  decimal: '.' | ',' = '.',
): string =>
  Papa.unparse(
    {
      fields: csvColumns.map((column) => heads?.[column] ?? column),
      data: rows.map((row) =>
        csvColumns.map((c) => {
          const cell = row[c];
          return typeof cell === 'number' ? String(cell).replace('.', decimal) : cell;
        }),
      ),
    },
    { escapeFormulae: true, delimiter: decimal === ',' ? ';' : ',' },
  );

/** The export's file name: the location and the day, e.g. `inventory-naaldwijk-2026-11-25.csv`. */
export function csvFileName(locationName: string, day: string): string {
  const slug = locationName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `inventory-${slug || 'location'}-${day}.csv`;
}

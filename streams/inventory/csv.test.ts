import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvColumns, csvFileName, csvRow, toCsv } from './csv';

const pallet = {
  id: 'p1',
  tomatoType: 'Cherry',
  boxType: 'Punnet, 9x250 g',
  tomatoOption: 'Organic',
  palletType: 'Euro',
  weight: 512.5,
  createdAt: '2026-11-20T08:00:00.000Z',
};

describe('toCsv', () => {
  it('writes a header and one row per pallet that parse back to the same values', () => {
    const text = toCsv([csvRow(pallet, 'Cold store A', 'ripening')]);
    const parsed = Papa.parse<string[]>(text.trim()).data;
    expect(parsed[0]).toEqual([...csvColumns]);
    expect(parsed[1]).toEqual([
      'p1',
      'Cherry',
      'Punnet, 9x250 g',
      'Organic',
      'Euro',
      '512.5',
      'Cold store A',
      'ripening',
      '2026-11-20T08:00:00.000Z',
    ]);
  });

  it('heads each column as given, in the order of the columns', () => {
    const heads = Object.fromEntries(csvColumns.map((column) => [column, `«${column}»`])) as Parameters<
      typeof toCsv
    >[1];
    const [head] = Papa.parse<string[]>(toCsv([csvRow(pallet, 'Cold store A', 'ripening')], heads)).data;
    expect(head).toEqual(csvColumns.map((column) => `«${column}»`));
  });

  it('never lets a value beginning with =, +, - or @ become a spreadsheet formula', () => {
    const evil = ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)'];
    const rows = evil.map((value) => csvRow({ ...pallet, tomatoType: value }, value, 'fresh'));
    const parsed = Papa.parse<string[]>(toCsv(rows).trim()).data.slice(1);
    for (const [i, value] of evil.entries()) {
      expect(parsed[i][1]).toBe(`'${value}`);
      expect(parsed[i][6]).toBe(`'${value}`);
    }
  });

  it('writes numbers with a decimal comma, and semicolons between cells, for a reader who writes 612,5', () => {
    const text = toCsv([csvRow(pallet, 'Cold store A', 'ripening')], undefined, ',');
    expect(text.split('\r\n')[1]).toBe(
      'p1;Cherry;Punnet, 9x250 g;Organic;Euro;512,5;Cold store A;ripening;2026-11-20T08:00:00.000Z',
    );
    expect(Papa.parse<string[]>(text.trim(), { delimiter: ';' }).data[1][5]).toBe('512,5');
  });

  it('leaves numbers and plain text alone', () => {
    expect(toCsv([csvRow({ ...pallet, weight: 1 }, '', 'fresh')]).split('\r\n')[1]).toBe(
      'p1,Cherry,"Punnet, 9x250 g",Organic,Euro,1,,fresh,2026-11-20T08:00:00.000Z',
    );
  });
});

describe('csvFileName', () => {
  it('names the file after the location and the day', () => {
    expect(csvFileName('Naaldwijk', '2026-11-25')).toBe('inventory-naaldwijk-2026-11-25.csv');
    expect(csvFileName("Kas 3 / 's-Gravenzande", '2026-11-25')).toBe(
      'inventory-kas-3-s-gravenzande-2026-11-25.csv',
    );
    expect(csvFileName('', '2026-11-25')).toBe('inventory-location-2026-11-25.csv');
  });
});

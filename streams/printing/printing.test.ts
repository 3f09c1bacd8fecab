import { firstValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import {
  isValidSscc,
  type LabelWords,
  mayPrintAnyway,
  palletLabelLayout,
  printJob,
  sscc,
  testLabelFields,
  testLabelId,
} from './index';

// a made-up language, so no word can come from anywhere but the caller
const words: LabelWords = {
  box: 'Bx',
  option: 'Opt',
  palletType: 'Plt',
  date: 'Dt',
  testLabel: 'Tst',
  decimalSeparator: ',',
};
const fields = testLabelFields(
  { name: 'Dock 1', host: '10.0.0.7', port: 9100 },
  '2026-11-25',
  '8712345',
  words,
);

describe('palletLabelLayout', () => {
  it('sizes the label in dots from dpi and mm and keeps every element on it', () => {
    for (const [dpi, widthMm, heightMm] of [
      [203, 50, 50],
      [203, 101.6, 152.4],
      [300, 168, 400],
    ] as const) {
      const layout = palletLabelLayout(
        fields,
        { dpi, labelWidthMm: widthMm, labelHeightMm: heightMm },
        words,
      );
      const perMm = dpi === 203 ? 8 : 12;
      expect(layout).toMatchObject({
        widthDots: Math.round(widthMm * perMm),
        heightDots: Math.round(heightMm * perMm),
      });
      for (const element of layout.elements) {
        expect(element.x).toBeGreaterThanOrEqual(0);
        expect(element.y).toBeGreaterThanOrEqual(0);
        expect(element.y).toBeLessThan(layout.heightDots);
      }
      expect(layout.elements.map((e) => e.kind)).toEqual([
        'qr',
        'text',
        'text',
        'text',
        'text',
        'text',
        'text',
        'text',
        'gs1-128',
      ]);
    }
  });

  it('prints its fixed words as the caller gives them, each before its value', () => {
    const layout = palletLabelLayout(fields, { dpi: 203, labelWidthMm: 101.6, labelHeightMm: 152.4 }, words);
    const texts = layout.elements.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
    expect(texts.slice(0, 6)).toEqual([
      'Tst',
      '0,00 kg',
      'Bx: Dock 1',
      'Opt: 10.0.0.7:9100',
      'Plt: Tomato Warehouse',
      'Dt: 2026-11-25',
    ]);
  });

  it('prints a line that is too long at its size smaller, whole, where 2.5 mm letters still hold it', () => {
    const long = { ...fields, boxType: 'Punnet tray 9x250 g' };
    const layout = palletLabelLayout(long, { dpi: 203, labelWidthMm: 101.6, labelHeightMm: 152.4 }, words);
    const lines = layout.elements.flatMap((e) => (e.kind === 'text' ? [e] : []));
    const box = lines.find((e) => e.text.startsWith('Bx'));
    const option = lines.find((e) => e.text.startsWith('Opt'));
    expect(box?.text).toBe('Bx: Punnet tray 9x250 g');
    expect(box!.heightDots).toBeLessThan(option!.heightDots);
    expect(box!.heightDots).toBeGreaterThanOrEqual(20);
  });

  it('shows the QR JSON, the weight with two decimals, and cuts text that does not fit', () => {
    const layout = palletLabelLayout(
      { ...fields, tomatoType: 'A very long tomato type name indeed', weightKg: 612.5, sscc: null },
      { dpi: 203, labelWidthMm: 50, labelHeightMm: 50 },
      words,
    );
    const texts = layout.elements.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
    expect(layout.elements[0]).toMatchObject({ kind: 'qr', text: `{"id":"${testLabelId}"}` });
    expect(texts).toContain('612,50 kg');
    expect(texts.find((t) => t.startsWith('A very'))).toMatch(/…$/);
    expect(layout.elements.some((e) => e.kind === 'gs1-128')).toBe(false);
  });
});

describe('testLabelFields', () => {
  it('names the printer and carries SSCC serial 0 of the prefix', () => {
    expect(fields).toMatchObject({
      boxType: 'Dock 1',
      tomatoOption: '10.0.0.7:9100',
      sscc: sscc('8712345', 0),
    });
    expect(isValidSscc(fields.sscc!)).toBe(true);
    expect(testLabelFields({ name: 'x', host: 'h', port: 1 }, '2026-01-01', null, words).sscc).toBeNull();
  });
});

describe('printJob', () => {
  it('is sending, then what the printer did', async () => {
    const states = await firstValueFrom(
      printJob(async () => ({ status: 'sent', bytes: 812, elapsedMs: 4 })).pipe(toArray()),
    );
    expect(states).toEqual([
      { name: 'SENDING' },
      { name: 'DONE', result: { status: 'sent', bytes: 812, elapsedMs: 4 } },
    ]);
    const refused = await firstValueFrom(
      printJob(async () => ({ status: 'refused', message: 'refused it', elapsedMs: 1 })).pipe(toArray()),
    );
    expect(refused[1]).toEqual({
      name: 'DONE',
      result: { status: 'refused', message: 'refused it', elapsedMs: 1 },
    });
  });

  it('fails with the catalogue message when the server cannot be asked', async () => {
    const states = await firstValueFrom(
      printJob(() => Promise.reject(new ApiError('Bad gateway. Please try again later', 'status', 502))).pipe(
        toArray(),
      ),
    );
    expect(states[1]).toMatchObject({ name: 'FAILED', message: 'Bad gateway. Please try again later' });
  });
});

describe('mayPrintAnyway', () => {
  const refusal = (code: 'PRINTER_PAPER_OUT' | 'PRINTER_HEAD_OPEN' | 'NO_DEFAULT_PRINTER') =>
    printJob(() => Promise.reject(new ApiError('x', 'status', 409, 'x', code, undefined, { name: 'Dock' })));

  it('offers "Print anyway" only for a job its printer would lose: paper out, head open', async () => {
    const last = async (job: ReturnType<typeof refusal>) => (await firstValueFrom(job.pipe(toArray())))[1];
    expect(mayPrintAnyway(await last(refusal('PRINTER_PAPER_OUT')))).toBe(true);
    expect(mayPrintAnyway(await last(refusal('PRINTER_HEAD_OPEN')))).toBe(true);
    expect(mayPrintAnyway(await last(refusal('NO_DEFAULT_PRINTER')))).toBe(false);
    expect(mayPrintAnyway({ name: 'SENDING' })).toBe(false);
    expect(mayPrintAnyway(null)).toBe(false);
  });
});

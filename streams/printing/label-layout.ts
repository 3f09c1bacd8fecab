import { encodePalletQr } from '../qr/codec';

/** The resolutions label printers come in (dots per inch). */
export const printerDpis = [203, 300] as const;
export type PrinterDpi = (typeof printerDpis)[number];

/**
 * Label sizes in mm that the pallet label is made for: thermal printers print 50 mm to 168 mm
 * wide (2" to 6.6" heads), and below 50 × 50 mm the QR, the text and the SSCC barcode do not fit.
 */
export const labelLimitsMm = { width: { min: 50, max: 168 }, height: { min: 50, max: 400 } } as const;

/** A printer's label: its resolution and the label's size. */
export interface LabelSize {
  dpi: PrinterDpi;
  labelWidthMm: number;
  labelHeightMm: number;
}

/** What a pallet label shows (the list), the same for the printed ZPL and the preview. */
export interface LabelFields {
  id: string;
  tomatoType: string;
  boxType: string;
  tomatoOption: string;
  palletType: string;
  weightKg: number;
  /** YYYY-MM-DD */
  date: string;
  /** the pallet's 18-digit SSCC, printed as GS1-128 with AI (00); null where the location has no GS1 prefix */
  sscc: string | null;
}

/**
 * The fixed words a label prints, in one language: whoever lays a label out passes them
 * (`labelWords` of the location's `labelLocale`), since the layout keeps no words.
 */
export interface LabelWords {
  /** before the box type: "Box" */
  box: string;
  /** before the tomato option: "Option" */
  option: string;
  /** before the pallet type: "Pallet" */
  palletType: string;
  /** before the date the pallet was made: "Date" */
  date: string;
  /** the first line of a printer's test label: "Test label" */
  testLabel: string;
  /** between the weight's whole kg and its two decimals: "." or "," */
  decimalSeparator: string;
}

/** One thing drawn on a label; positions and sizes in printer dots from the top-left corner. */
export type LabelElement =
  | { kind: 'qr'; x: number; y: number; moduleDots: number; text: string }
  | { kind: 'text'; x: number; y: number; heightDots: number; widthDots: number; text: string }
  /** `text` is the GS1 element string with AIs in brackets, `(00)` plus the SSCC */
  | { kind: 'gs1-128'; x: number; y: number; moduleDots: number; barHeightDots: number; text: string };

/** A label's layout in dots: what the server writes as ZPL and the page draws as its preview. */
export interface LabelLayout {
  widthDots: number;
  heightDots: number;
  dotsPerMm: number;
  elements: LabelElement[];
}

/** 203 dpi heads print 8 dots per mm, 300 dpi heads 12. */
export const dotsPerMm = (dpi: PrinterDpi): number => (dpi === 203 ? 8 : 12);

/** `{"id":"<uuid>"}` is 44 bytes: QR version 4 at error correction M, 33 modules a side. */
const qrModules = 33;
/** Code 128 of FNC1 + (00) + 18 digits: start, FNC1, 10 digit pairs, check, stop (156 modules) and two 10-module quiet zones. */
const gs1Modules = 176;
/** Scalable fonts average about half their height per character: text is cut to what fits. */
const charWidthRatio = 0.5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** `text` cut (with an ellipsis) to the characters that fit `widthDots` at `heightDots`. */
function fitText(text: string, widthDots: number, heightDots: number): string {
  const max = Math.max(1, Math.floor(widthDots / (heightDots * charWidthRatio)));
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A line at `heightDots`, or smaller (down to `minDots`) where that prints it whole; cut only past that. */
function fitLine(text: string, widthDots: number, heightDots: number, minDots: number) {
  const whole = Math.floor(widthDots / ([...text].length * charWidthRatio));
  const size = clamp(whole, Math.min(minDots, heightDots), heightDots);
  return { heightDots: size, text: fitText(text, widthDots, size) };
}

/** Weight as the label prints it: two decimals (with the language's separator) and kg. */
export const labelWeight = (kg: number, words: LabelWords) =>
  `${kg.toFixed(2).replace('.', words.decimalSeparator)} kg`;

/**
 * The pallet label at `size`: the QR top left with the attributes beside it (type and weight
 * larger, the others after their `words`), the full id under it, and the SSCC as GS1-128 along
 * the bottom when there is one.
 */
export function palletLabelLayout(fields: LabelFields, size: LabelSize, words: LabelWords): LabelLayout {
  const d = dotsPerMm(size.dpi);
  const widthDots = Math.round(size.labelWidthMm * d);
  const heightDots = Math.round(size.labelHeightMm * d);
  const margin = Math.round(3 * d);
  const gap = Math.round(2 * d);
  const inner = widthDots - 2 * margin;
  const elements: LabelElement[] = [];

  let bottom = heightDots - margin;
  let barcode: LabelElement | undefined;
  if (fields.sscc !== null) {
    const moduleDots = clamp(Math.floor(inner / gs1Modules), 1, 4);
    // the interpretation line under the bars takes about 4 mm
    const barHeightDots = Math.round(clamp(heightDots * 0.18, 8 * d, 25 * d));
    bottom -= barHeightDots + Math.round(4 * d);
    barcode = {
      kind: 'gs1-128',
      x: margin + 10 * moduleDots,
      y: bottom,
      moduleDots,
      barHeightDots,
      text: `(00)${fields.sscc}`,
    };
    bottom -= gap;
  }

  const idText = `ID ${fields.id}`;
  const idHeight = clamp(
    Math.floor(inner / ((idText.length + 1) * charWidthRatio)),
    Math.round(1.5 * d),
    4 * d,
  );
  const qrRoom = Math.min(bottom - margin - gap - idHeight, inner * 0.45);
  const qrModuleDots = clamp(Math.floor(qrRoom / qrModules), 1, 10);
  const qrSide = qrModules * qrModuleDots;
  elements.push({
    kind: 'qr',
    x: margin,
    y: margin,
    moduleDots: qrModuleDots,
    text: encodePalletQr(fields.id),
  });

  // six lines beside the QR, the first two half as large again: 2 × 1.5 + 4 = 7 line heights and their spacing
  const columnX = margin + qrSide + gap;
  const columnWidth = widthDots - margin - columnX;
  const small = clamp(Math.floor(qrSide / 8.4), Math.round(2.5 * d), 8 * d);
  const lines: [string, number][] = [
    [fields.tomatoType, Math.round(small * 1.5)],
    [labelWeight(fields.weightKg, words), Math.round(small * 1.5)],
    [`${words.box}: ${fields.boxType}`, small],
    [`${words.option}: ${fields.tomatoOption}`, small],
    [`${words.palletType}: ${fields.palletType}`, small],
    [`${words.date}: ${fields.date}`, small],
  ];
  let y = margin;
  for (const [text, heightDots] of lines) {
    const line = fitLine(text, columnWidth, heightDots, Math.round(2.5 * d));
    elements.push({ kind: 'text', x: columnX, y, widthDots: columnWidth, ...line });
    y += Math.round(heightDots * 1.2);
  }
  // under the QR and the column, whichever is longer (on small labels the text's minimum size wins)
  elements.push({
    kind: 'text',
    x: margin,
    y: Math.max(margin + qrSide, y) + gap,
    heightDots: idHeight,
    widthDots: inner,
    text: idText,
  });
  // last: a barcode's default bar height (ZPL's ^BY) must not reach the QR (some renderers move it)
  if (barcode) elements.push(barcode);
  return { widthDots, heightDots, dotsPerMm: d, elements };
}

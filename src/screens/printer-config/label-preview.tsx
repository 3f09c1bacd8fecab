import { useObservable, useObservableState } from 'observable-hooks';
import { from, map } from 'rxjs';
import type { LabelElement, LabelLayout } from '../../../streams/printing';
import styles from './printer-config-screen.module.css';

/** bwip-js's symbols the label needs, loaded with the first preview (not with the screen). */
const loadBarcodes = () =>
  import('bwip-js/browser').then(({ qrcode, gs1_128, drawingSVG }) => ({ qrcode, gs1_128, drawingSVG }));
type Barcodes = Awaited<ReturnType<typeof loadBarcodes>>;

/** Code 128 of FNC1, (00) and 18 digits without its quiet zones: the width the printer draws. */
const gs1BarModules = 156;

const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function Element({
  element,
  barcodes,
  dotsPerMm,
}: {
  element: LabelElement;
  barcodes: Barcodes;
  dotsPerMm: number;
}) {
  switch (element.kind) {
    case 'text':
      return (
        <text
          x={element.x}
          y={element.y}
          fontSize={element.heightDots}
          dominantBaseline="hanging"
          className={styles.labelText}
        >
          {element.text}
        </text>
      );
    case 'qr': {
      const svg = barcodes.qrcode({ bcid: 'qrcode', text: element.text }, barcodes.drawingSVG());
      // error correction M (the default, as the ZPL asks): version 4, 33 modules a side, at the printer's dots per module
      const side = 33 * element.moduleDots;
      return <image href={svgImage(svg)} x={element.x} y={element.y} width={side} height={side} />;
    }
    case 'gs1-128': {
      const svg = barcodes.gs1_128(
        { bcid: 'gs1-128', text: element.text, includetext: true, textxalign: 'center' },
        barcodes.drawingSVG(),
      );
      return (
        <image
          href={svgImage(svg)}
          x={element.x}
          y={element.y}
          width={gs1BarModules * element.moduleDots}
          height={element.barHeightDots + 4 * dotsPerMm}
          preserveAspectRatio="none"
        />
      );
    }
  }
}

/**
 * The label as the printer will print it: the same layout as the ZPL, drawn in dots, shown at its
 * size in mm; its words are in `language` (the location's label language).
 */
export function LabelPreview({
  layout,
  language,
  description,
}: {
  layout: LabelLayout;
  language: string;
  description: string;
}) {
  const barcodes$ = useObservable(() => from(loadBarcodes()).pipe(map((b): Barcodes | null => b)));
  const barcodes = useObservableState(barcodes$, null);
  const widthMm = layout.widthDots / layout.dotsPerMm;
  return (
    <svg
      className={styles.label}
      role="img"
      aria-label={description}
      data-testid="label-preview"
      lang={language}
      viewBox={`0 0 ${layout.widthDots} ${layout.heightDots}`}
      // 3 px per mm: a 100 mm label shows 300 px wide
      style={{ width: `${widthMm * 3}px` }}
    >
      <rect width={layout.widthDots} height={layout.heightDots} fill="#fff" />
      {barcodes &&
        layout.elements.map((element, index) => (
          // the layout's order is fixed: an element's index names it
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Element key={index} element={element} barcodes={barcodes} dotsPerMm={layout.dotsPerMm} />
        ))}
    </svg>
  );
}

import type { Pallet } from '../../streams/live';
import styles from './pallet-label.module.css';
import { PrintArea } from './print-area';
import { formatWeight, PalletQr } from './qr-modal';

const labelQrPx = 260;

/** The date a pallet was made, as a label shows it (2026-11-24), or a dash. */
const madeOn = (createdAt: unknown) => (typeof createdAt === 'string' ? createdAt.slice(0, 10) : '-');

/**
 * A pallet's label for the browser's print dialog (sites without a label printer): QR holding
 * SPEC's JSON, id, types, weight and date on a label-sized page. Only the label prints.
 */
export function PalletLabel({ pallet }: { pallet: Pallet }) {
  const facts: [string, string][] = [
    ['Tomato type', pallet.tomatoType ?? '-'],
    ['Box type', pallet.boxType ?? '-'],
    ['Option', pallet.tomatoOption ?? '-'],
    ['Pallet type', pallet.palletType ?? '-'],
    ['Weight', formatWeight(pallet.weight)],
    ['Date', madeOn(pallet.createdAt)],
  ];
  return (
    <article className={styles.label} aria-label={`Label of pallet ${pallet.id}`}>
      <PalletQr palletId={pallet.id} size={labelQrPx} />
      <p className={styles.id}>{pallet.id}</p>
      <dl className={styles.facts}>
        {facts.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** Prints a pallet's label in the browser, then calls `onDone`. */
export function PrintLabel({ pallet, onDone }: { pallet: Pallet; onDone: () => void }) {
  return (
    <PrintArea onDone={onDone}>
      <PalletLabel pallet={pallet} />
    </PrintArea>
  );
}

import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t('pallet.tomatoTypeLabel'), pallet.tomatoType ?? '-'],
    [t('pallet.boxTypeLabel'), pallet.boxType ?? '-'],
    [t('pallet.option'), pallet.tomatoOption ?? '-'],
    [t('pallet.palletType'), pallet.palletType ?? '-'],
    [t('pallet.weight'), formatWeight(pallet.weight)],
    [t('pallet.date'), madeOn(pallet.createdAt)],
  ];
  return (
    <article className={styles.label} aria-label={t('pallet.labelOf', { id: pallet.id })}>
      <PalletQr palletId={pallet.id} size={labelQrPx} />
      <p className={styles.id} translate="no">
        {pallet.id}
      </p>
      <dl className={styles.facts}>
        {facts.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd translate="no">{value}</dd>
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

import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { qrImageSizePx, qrModalImageSizePx } from '../../streams/config';
import type { Pallet } from '../../streams/live/types';
import { encodePalletQr } from '../../streams/qr';
import { Modal } from './modal';
import styles from './qr-modal.module.css';

/** Weight with two decimals and " kg", or a dash when missing (SPEC 2). */
export function formatWeight(weight: unknown): string {
  const kg = typeof weight === 'string' && weight.trim() !== '' ? Number(weight) : weight;
  return typeof kg === 'number' && Number.isFinite(kg) ? `${kg.toFixed(2)} kg` : '-';
}

/** A pallet's QR code holding `{"id": …}`; 50 px unless told otherwise. */
export function PalletQr({ palletId, size = qrImageSizePx }: { palletId: string; size?: number }) {
  return (
    <QRCodeSVG
      value={encodePalletQr(palletId)}
      size={size}
      level="M"
      marginSize={2}
      title={`QR code of pallet ${palletId}`}
      role="img"
      aria-label={`QR code of pallet ${palletId}`}
    />
  );
}

/** The pallet QR-code modal: the 300 px QR image and the pallet's ID, types, option and weight. */
export function PalletQrModal({
  pallet,
  onClose,
  footer,
}: {
  pallet: Pallet | null;
  onClose: () => void;
  /** Actions under the facts (e.g. printing the label). */
  footer?: ReactNode;
}) {
  const rows: [string, string][] = pallet
    ? [
        ['ID', pallet.id],
        ['Type', pallet.palletType ?? '-'],
        ['Box Type', pallet.boxType ?? '-'],
        ['Tomato Type', pallet.tomatoType ?? '-'],
        ['Option', pallet.tomatoOption ?? '-'],
        ['Weight', formatWeight(pallet.weight)],
      ]
    : [];
  return (
    <Modal open={pallet !== null} onClose={onClose} title="Pallet QR code" size="sm" footer={footer}>
      {pallet && (
        <div className={styles.body}>
          <div className={styles.code}>
            <PalletQr palletId={pallet.id} size={qrModalImageSizePx} />
          </div>
          <dl className={styles.facts}>
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </Modal>
  );
}

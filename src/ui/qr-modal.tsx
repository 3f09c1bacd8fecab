import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { qrImageSizePx, qrModalImageSizePx } from '../../streams/config';
import type { Pallet } from '../../streams/live/types';
import { encodePalletQr } from '../../streams/qr';
import { formats } from '../i18n/format';
import { Modal } from './modal';
import styles from './qr-modal.module.css';

/** Weight with two decimals and " kg" in the app's language, or a dash when missing (SPEC 2). */
export function formatWeight(weight: unknown): string {
  const kg = typeof weight === 'string' && weight.trim() !== '' ? Number(weight) : weight;
  return typeof kg === 'number' && Number.isFinite(kg) ? formats().weight(kg) : '-';
}

/** A pallet's QR code holding `{"id": …}`; 50 px unless told otherwise. */
export function PalletQr({ palletId, size = qrImageSizePx }: { palletId: string; size?: number }) {
  const { t } = useTranslation();
  return (
    <QRCodeSVG
      value={encodePalletQr(palletId)}
      size={size}
      level="M"
      marginSize={2}
      title={t('pallet.qrOf', { id: palletId })}
      role="img"
      aria-label={t('pallet.qrOf', { id: palletId })}
    />
  );
}

/** The pallet QR-code modal: the 300 px QR image and the pallet's ID, types, option and weight. */
export function PalletQrModal({
  pallet,
  onClose,
  footer,
  children,
}: {
  pallet: Pallet | null;
  onClose: () => void;
  /** Actions under the facts (e.g. printing the label). */
  footer?: ReactNode;
  /** More about the pallet, under its facts (the labels printed of it). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = pallet
    ? [
        [t('pallet.id'), pallet.id],
        [t('pallet.type'), pallet.palletType ?? '-'],
        [t('pallet.boxType'), pallet.boxType ?? '-'],
        [t('pallet.tomatoType'), pallet.tomatoType ?? '-'],
        [t('pallet.option'), pallet.tomatoOption ?? '-'],
        [t('pallet.weight'), formatWeight(pallet.weight)],
      ]
    : [];
  return (
    <Modal open={pallet !== null} onClose={onClose} title={t('pallet.qrTitle')} size="sm" footer={footer}>
      {pallet && (
        <div className={styles.body}>
          <div className={styles.code}>
            <PalletQr palletId={pallet.id} size={qrModalImageSizePx} />
          </div>
          <dl className={styles.facts}>
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd translate="no">{value}</dd>
              </div>
            ))}
          </dl>
          {children}
        </div>
      )}
    </Modal>
  );
}

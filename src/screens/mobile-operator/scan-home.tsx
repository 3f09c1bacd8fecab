import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePalletScan } from '../../hooks/pallet-scan';
import { PageTitle } from '../../ui/page-title';
import styles from './mobile.module.css';
import { palletUrl } from './paths';
import { ScanEntry } from './scan-entry';

/** The Scan tab: a scan or a typed id opens that pallet's page. */
export function ScanHome() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const scan = usePalletScan();
  const [missed, setMissed] = useState(false);
  return (
    <>
      <PageTitle page={t('scan.pageTitle')} />
      <h2 className={styles.title}>{t('scan.title')}</h2>
      <p className={styles.hint}>{t('scan.hint')}</p>
      <ScanEntry
        cameraFirst
        action={t('entry.open')}
        onScan={(text, type) => {
          const pallet = scan(text, type, 'scan');
          setMissed(!pallet);
          if (pallet) navigate(palletUrl(pallet.id, pallet.palletType));
        }}
      />
      {missed && (
        <p className={styles.alert} role="alert">
          {t('scan.noPallet')}
        </p>
      )}
    </>
  );
}

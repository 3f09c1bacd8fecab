import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { operatorConsoleNames } from '../../../streams/consoles';
import { usePalletScan } from '../../hooks/pallet-scan';
import { useOpenConsoles } from '../../hooks/permissions';
import { PageTitle } from '../../ui/page-title';
import styles from './mobile.module.css';
import { operatorPath, palletUrl } from './paths';
import { ScanEntry } from './scan-entry';

/** The operator's home: a scan or a typed id opens that pallet's page; below, the consoles they may open. */
export function ScanHome() {
  const { t } = useTranslation(['mobile', 'shell']);
  const open = useOpenConsoles();
  const consoles = operatorConsoleNames.filter((name) => open.has(name));
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
      {consoles.length > 0 && (
        <nav aria-labelledby="consoles-title" className={styles.card}>
          <h3 id="consoles-title">{t('scan.consoles')}</h3>
          <ul className={styles.list}>
            {consoles.map((name) => (
              <li key={name}>
                <Link className={styles.choice} to={`${operatorPath}/${name}`}>
                  {t(`shell:nav.${name}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}

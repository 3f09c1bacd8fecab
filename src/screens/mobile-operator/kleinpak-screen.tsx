import { useTranslation } from 'react-i18next';
import { useKleinpak } from '../../hooks/use-kleinpak';
import { useFormats } from '../../i18n/format';
import { Button } from '../../ui/button';
import { shortId } from '../../ui/format';
import { PageTitle } from '../../ui/page-title';
import { formatWeight } from '../../ui/qr-modal';
import styles from './mobile.module.css';
import { ScanEntry } from './scan-entry';

/**
 * Kleinpak on the phone: the desk's small packing (same rules, same refusals) for a thumb: scan a
 * pallet with the camera or the hand scanner, then "Mark processed".
 */
export function KleinpakScreen() {
  const { t } = useTranslation(['mobile', 'consoles']);
  const format = useFormats();
  const kleinpak = useKleinpak();
  const { current, notice, blocked, refused, busy, processed, processedKg } = kleinpak;
  return (
    <>
      <PageTitle page={t('consoles:kleinpak.title')} />
      <h2 className={styles.title}>{t('consoles:kleinpak.title')}</h2>
      <dl className={styles.shift} aria-label={t('consoles:kleinpak.processedToday')}>
        <div>
          <dt>{t('consoles:kleinpak.processedToday')}</dt>
          <dd data-figure="processed-pallets">{format.number(processed.pallets.length)}</dd>
        </div>
        <div>
          <dt>{t('consoles:kleinpak.processedKg')}</dt>
          <dd data-figure="processed-kg" translate="no">
            {format.kg(processedKg)}
          </dd>
        </div>
      </dl>
      <section className={styles.card} aria-labelledby="kleinpak-scan">
        <h3 id="kleinpak-scan">{t('consoles:kleinpak.scanHeading')}</h3>
        <ScanEntry action={t('consoles:kleinpak.find')} onScan={kleinpak.read} />
        {notice && (
          <p className={styles.alert} role="alert">
            {notice}
          </p>
        )}
      </section>
      {current && (
        <section className={styles.card} aria-labelledby="kleinpak-pallet" data-testid="scanned-pallet">
          <h3 id="kleinpak-pallet">
            <span translate="no">{shortId(current.id)}</span> ·{' '}
            <span translate="no">
              {[current.tomatoType, current.boxType, formatWeight(current.weight)].join(', ')}
            </span>
          </h3>
          <Button
            variant="primary"
            className={styles.big}
            disabled={busy !== null}
            onClick={() => void kleinpak.process(current)}
          >
            {t('consoles:kleinpak.markProcessed')}
          </Button>
        </section>
      )}
      {(refused ?? blocked) && (
        <p className={styles.alert} role="alert">
          {refused ?? blocked}
        </p>
      )}
    </>
  );
}

import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { inStock, type Pallet } from '../../../streams/live';
import { usePallets } from '../../hooks/live';
import { useScannerReadings } from '../../hooks/scanner';
import { useKleinpak } from '../../hooks/use-kleinpak';
import { useFormats } from '../../i18n/format';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import figures from '../../ui/figures.module.css';
import { shortId } from '../../ui/format';
import { PageTitle } from '../../ui/page-title';
import { formatWeight } from '../../ui/qr-modal';
import { TextField } from '../../ui/text-field';
import styles from './consoles.module.css';
import { Place } from './place';

const pickLimit = 50;

/** Pallets as rows: id, tomato and box type, weight, one column more, and an action per row if given. */
function PalletTable({
  pallets,
  extra,
  action,
}: {
  pallets: readonly Pallet[];
  extra: { header: string; cell: (pallet: Pallet) => ReactNode };
  action?: (pallet: Pallet) => ReactNode;
}) {
  const { t } = useTranslation('consoles');
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('table.pallet')}</th>
          <th scope="col">{t('table.tomatoType')}</th>
          <th scope="col">{t('table.boxType')}</th>
          <th scope="col" className={styles.number}>
            {t('table.weight')}
          </th>
          <th scope="col">{extra.header}</th>
          {action && (
            <th scope="col">
              <span className="visually-hidden">{t('table.action')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {pallets.map((pallet) => (
          <tr key={pallet.id} data-pallet={pallet.id}>
            <td translate="no">{shortId(pallet.id)}</td>
            <td translate="no">{pallet.tomatoType}</td>
            <td translate="no">{pallet.boxType}</td>
            <td className={styles.number}>{formatWeight(pallet.weight)}</td>
            <td>{extra.cell(pallet)}</td>
            {action && <td>{action(pallet)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The pallets in stock and on no order, newest first: those small packing may take. */
function usePickable(): Pallet[] {
  const pallets = usePallets();
  return useMemo(() => {
    const list: Pallet[] = [];
    for (const id of pallets?.ids ?? []) {
      const pallet = pallets?.get(id);
      if (pallet && inStock(pallet) && !pallet.orderId) list.push(pallet);
      if (list.length === pickLimit) break;
    }
    return list;
  }, [pallets]);
}

/**
 * The kleinpak console: pallets going to small packing. Scan one (or type its id, or pick it
 * from the stock), mark it processed, and see the day's processed pallets.
 */
export default function KleinpakConsole() {
  const { t } = useTranslation('consoles');
  const format = useFormats();
  const kleinpak = useKleinpak();
  const { notice, current, blocked, busy, processed, processedKg } = kleinpak;
  const [text, setText] = useState('');
  const pickable = usePickable();
  const scanField = useRef<HTMLInputElement>(null);

  const read = (reading: string, how: 'barcode' | 'manual') => {
    kleinpak.read(reading, how);
    setText('');
  };
  useScannerReadings((reading) => read(reading, 'barcode'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) read(text, 'manual');
  };

  const process = async (pallet: Pallet) => {
    await kleinpak.process(pallet);
    scanField.current?.focus();
  };

  return (
    <div className={styles.screen}>
      <div className={styles.top}>
        <PageTitle page={t('kleinpak.title')} />
        <h1>{t('kleinpak.title')}</h1>
        <span className={styles.muted}>{t('kleinpak.lead')}</span>
      </div>
      <dl className={styles.figures} aria-label={t('kleinpak.processedToday')}>
        <div className={figures.figure}>
          <dt>{t('kleinpak.processedToday')}</dt>
          <dd data-figure="processed-pallets">{format.number(processed.pallets.length)}</dd>
        </div>
        <div className={figures.figure}>
          <dt>{t('kleinpak.processedKg')}</dt>
          <dd data-figure="processed-kg">{format.kg(processedKg)}</dd>
        </div>
      </dl>
      <section className={styles.panel} aria-labelledby="kleinpak-scan">
        <h2 id="kleinpak-scan">{t('kleinpak.scanHeading')}</h2>
        <form className={styles.row} onSubmit={submit}>
          <TextField
            ref={scanField}
            label={t('kleinpak.scanField')}
            autoComplete="off"
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={notice}
          />
          <Button type="submit">{t('kleinpak.find')}</Button>
        </form>
        {current && (
          <div className={styles.row} data-testid="scanned-pallet">
            <span>
              <Trans
                t={t}
                i18nKey="kleinpak.scanned"
                values={{
                  id: shortId(current.id),
                  pallet: [current.tomatoType, current.boxType, formatWeight(current.weight)].join(', '),
                }}
                components={{ id: <strong translate="no" />, data: <span translate="no" /> }}
              />
              {typeof current.storageZone === 'string' && current.storageZone !== '' && (
                <>
                  {' · '}
                  <Place zone={current.storageZone} rowIndex={current.rowIndex} />
                </>
              )}
            </span>
            <Button variant="primary" disabled={busy !== null} onClick={() => process(current)}>
              {t('kleinpak.markProcessed')}
            </Button>
          </div>
        )}
        {blocked && <p role="alert">{blocked}</p>}
      </section>
      <section className={styles.panel} aria-labelledby="kleinpak-pick">
        <h2 id="kleinpak-pick">{t('kleinpak.pickHeading')}</h2>
        <PalletTable
          pallets={pickable}
          extra={{
            header: t('kleinpak.place'),
            cell: (pallet) => <Place zone={pallet.storageZone} rowIndex={pallet.rowIndex} />,
          }}
          action={(pallet) => (
            <Button
              disabled={busy !== null}
              onClick={() => process(pallet)}
              aria-label={t('kleinpak.markProcessedOf', { id: shortId(pallet.id) })}
            >
              {t('kleinpak.markProcessed')}
            </Button>
          )}
        />
        {pickable.length === 0 && <p className={styles.muted}>{t('kleinpak.noneFree')}</p>}
      </section>
      <section className={styles.panel} aria-labelledby="kleinpak-today">
        <h2 id="kleinpak-today">{t('kleinpak.processedToday')}</h2>
        {processed.failed !== null && (
          <p role="alert">{t('kleinpak.todayFailed', { reason: apiErrorText(processed.failed) })}</p>
        )}
        {processed.pallets.length === 0 ? (
          <p className={styles.muted}>{t('kleinpak.noneToday')}</p>
        ) : (
          <PalletTable
            pallets={processed.pallets}
            extra={{
              header: t('kleinpak.processedAt'),
              cell: (pallet) =>
                typeof pallet.processedAt === 'string' ? format.time(pallet.processedAt) : '-',
            }}
          />
        )}
      </section>
    </div>
  );
}

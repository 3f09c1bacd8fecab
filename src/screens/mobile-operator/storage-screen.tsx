import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { storedBuzzMs } from '../../../streams/config';
import type { ZoneOccupancy } from '../../../streams/live';
import { mayCall } from '../../../streams/permissions/policy';
import {
  allPalletsKnown,
  useLiveStatus,
  usePallet,
  usePalletLookup,
  useWaiting,
  useZones,
} from '../../hooks/live';
import { type ScanType, usePalletScan } from '../../hooks/pallet-scan';
import { usePermission } from '../../hooks/permissions';
import { useFormats } from '../../i18n/format';
import { useServices } from '../../services';
import { PageTitle } from '../../ui/page-title';
import { formatWeight } from '../../ui/qr-modal';
import styles from './mobile.module.css';
import { OutcomeLine } from './outcome-line';
import { palletUrl, rowName, type StorageContext, storageContextOf, storageUrl } from './paths';
import { ScanEntry } from './scan-entry';
import { useCommand } from './use-command';
import { usePhoneCommands } from './use-phone-commands';
import { WaitingMark } from './waiting-mark';

type RowContext = Extract<StorageContext, { type: 'row_contents' }>;

function ZoneChoice({ occupancy }: { occupancy: ZoneOccupancy }) {
  const format = useFormats();
  const { zone, palletCount } = occupancy;
  return (
    <li>
      <Link
        className={styles.choice}
        to={storageUrl({ type: 'row_selection', zoneId: zone.id, zoneName: zone.name })}
      >
        <span translate="no">{zone.name}</span>
        <span className={styles.count}>
          {format.number(palletCount)}/{format.number(zone.rows * zone.rowCapacity)}
        </span>
      </Link>
    </li>
  );
}

function RowPallet({ id, context }: { id: string; context: RowContext }) {
  const { t } = useTranslation('mobile');
  const pallet = usePallet(id);
  const waiting = useWaiting(id);
  return (
    <li>
      <Link
        className={styles.choice}
        data-waiting={waiting || undefined}
        to={palletUrl(id, pallet?.palletType, context)}
      >
        <span>
          {pallet?.tomatoType ? <span translate="no">{pallet.tomatoType}</span> : t('pallet.pallet')}
          {waiting && <WaitingMark />}
        </span>
        <span className={styles.count}>
          <span translate="no">
            {formatWeight(pallet?.weight)} · …{id.slice(-6)}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * A row's contents and continuous scanning into it: each pallet scanned is stored in the row at
 * once, counted and confirmed by a buzz; a pallet already there or a full row is said at once.
 */
function RowContents({ context, occupancy }: { context: RowContext; occupancy: ZoneOccupancy }) {
  const { t } = useTranslation('mobile');
  const format = useFormats();
  const ids = occupancy.rows[context.rowIndex] ?? [];
  const capacity = occupancy.zone.rowCapacity;
  const here = `${occupancy.zone.name} · ${rowName(context.rowIndex)}`;
  const permissions = usePermission();
  const canStore = mayCall(permissions, 'POST /api/storage/positions');
  const scan = usePalletScan();
  const lookup = usePalletLookup();
  const { store } = usePhoneCommands();
  const { device } = useServices();
  const { outcome, run, say } = useCommand();
  const [stored, setStored] = useState(0);

  const storeScanned = async (text: string, type: ScanType) => {
    const pallet = scan(text, type, here);
    if (!pallet?.known) return say({ kind: 'refused', text: t('storage.noSuchPallet') });
    const now = lookup(pallet.id);
    const short = `…${pallet.id.slice(-6)}`;
    if (now?.zoneId === context.zoneId && now.rowIndex === context.rowIndex)
      return say({ kind: 'refused', text: t('pallet.alreadyHere', { pallet: short, where: here }) });
    if (ids.length >= capacity)
      return say({ kind: 'refused', text: t('storage.isFull', { where: here, count: capacity }) });
    if (
      await run(
        () => store(pallet.id, context.zoneId, context.rowIndex, context.zoneName),
        t('storage.palletStored', { pallet: short, where: here }),
      )
    ) {
      setStored((n) => n + 1);
      device.vibrate(storedBuzzMs);
    }
  };

  return (
    <>
      <Link
        className={styles.back}
        to={storageUrl({ type: 'row_selection', zoneId: context.zoneId, zoneName: context.zoneName })}
      >
        {t('storage.rowsOfBack', { zone: occupancy.zone.name })}
      </Link>
      <PageTitle page={here} />
      <h2 className={styles.title}>{here}</h2>
      <p className={styles.hint}>
        {t('storage.occupancy')}{' '}
        <span className={styles.count} data-testid="row-occupancy">
          {format.number(ids.length)}/{format.number(capacity)}
        </span>
        {ids.length >= capacity && ` ${t('storage.occupancyFull')}`}
      </p>
      {canStore && (
        <section className={styles.card} aria-labelledby="scan-in-title">
          <h3 id="scan-in-title">{t('storage.scanIn')}</h3>
          {/* once one is stored the operator knows: the card keeps to one screen */}
          {stored === 0 && <p className={styles.hint}>{t('storage.scanHint')}</p>}
          <p>
            <span className={styles.tally} data-testid="stored-count">
              {format.number(stored)}
            </span>{' '}
            {t('storage.storedNow')}
          </p>
          <OutcomeLine outcome={outcome} />
          <ScanEntry action={t('entry.store')} onScan={(text, type) => void storeScanned(text, type)} />
        </section>
      )}
      {ids.length === 0 ? (
        <p className={styles.hint}>{t('storage.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('storage.palletsIn', { where: here })}>
          {ids.map((id) => (
            <RowPallet key={id} id={id} context={context} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The Storage tab: zone → row (occupancy live, "3/10") → the row's pallets; the level is in the URL. */
export function StorageScreen() {
  const { t } = useTranslation('mobile');
  const format = useFormats();
  const { search } = useLocation();
  const navigate = useNavigate();
  const context = storageContextOf(new URLSearchParams(search));
  // while the location's data loads (or cannot, offline) the zones and what their rows hold are
  // not known, not absent
  const status = useLiveStatus();
  const known = useZones();
  const zones = allPalletsKnown(status) ? known : null;
  const scan = usePalletScan();
  const occupancy =
    context.type === 'zone_selection' ? undefined : zones?.find((z) => z.zone.id === context.zoneId);

  if (context.type === 'row_contents' && occupancy)
    return (
      <RowContents key={`${context.zoneId}/${context.rowIndex}`} context={context} occupancy={occupancy} />
    );

  // above a row a scan opens the pallet, carrying where the operator was
  const openScanned = (
    <ScanEntry
      action={t('entry.open')}
      onScan={(text, type) => {
        const pallet = scan(text, type, 'storage');
        if (pallet) navigate(palletUrl(pallet.id, pallet.palletType, context));
      }}
    />
  );

  if (context.type === 'row_selection' && occupancy) {
    const { zone, rows } = occupancy;
    return (
      <>
        <Link className={styles.back} to={storageUrl({ type: 'zone_selection' })}>
          {t('storage.allZones')}
        </Link>
        <PageTitle page={zone.name} />
        <h2 className={styles.title}>{t('storage.chooseRow', { zone: zone.name })}</h2>
        <ul className={styles.list} aria-label={t('storage.rowsOf', { zone: zone.name })}>
          {rows.map((ids, rowIndex) => {
            const full = ids.length >= zone.rowCapacity;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its index
              <li key={rowIndex}>
                <Link
                  className={styles.choice}
                  data-full={full || undefined}
                  to={storageUrl({ type: 'row_contents', zoneId: zone.id, zoneName: zone.name, rowIndex })}
                >
                  <span>{rowName(rowIndex)}</span>
                  <span className={styles.count}>
                    {format.number(ids.length)}/{format.number(zone.rowCapacity)}
                    {full && ` ${t('storage.full')}`}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        {openScanned}
      </>
    );
  }

  return (
    <>
      <PageTitle page={t('storage.pageTitle')} />
      <h2 className={styles.title}>{t('storage.chooseZone')}</h2>
      {zones === null ? (
        <p className={styles.hint}>{t('storage.loading')}</p>
      ) : zones.length === 0 ? (
        <p className={styles.hint}>{t('storage.noZones')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('storage.zones')}>
          {zones.map((z) => (
            <ZoneChoice key={z.zone.id} occupancy={z} />
          ))}
        </ul>
      )}
      {openScanned}
    </>
  );
}

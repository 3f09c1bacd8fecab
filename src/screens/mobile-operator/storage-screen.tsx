import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ZoneOccupancy } from '../../../streams/live';
import { hasPermission } from '../../../streams/permissions';
import { useLiveStatus, usePallet, usePalletLookup, useWaiting, useZones } from '../../hooks/live';
import { type ScanType, usePalletScan } from '../../hooks/pallet-scan';
import { usePermission } from '../../hooks/permissions';
import { formatWeight } from '../../ui/qr-modal';
import styles from './mobile.module.css';
import { OutcomeLine } from './outcome-line';
import { palletUrl, rowName, type StorageContext, storageContextOf, storageUrl } from './paths';
import { ScanEntry } from './scan-entry';
import { useCommand } from './use-command';
import { usePhoneCommands } from './use-phone-commands';
import { WaitingMark } from './waiting-mark';

type RowContext = Extract<StorageContext, { type: 'row_contents' }>;

/** A short buzz for each pallet stored, so the operator need not look at the screen. */
const confirmByVibration = () => {
  if ('vibrate' in navigator) navigator.vibrate(80);
};

function ZoneChoice({ occupancy }: { occupancy: ZoneOccupancy }) {
  const { zone, palletCount } = occupancy;
  return (
    <li>
      <Link
        className={styles.choice}
        to={storageUrl({ type: 'row_selection', zoneId: zone.id, zoneName: zone.name })}
      >
        <span>{zone.name}</span>
        <span className={styles.count}>
          {palletCount}/{zone.rows * zone.rowCapacity}
        </span>
      </Link>
    </li>
  );
}

function RowPallet({ id, context }: { id: string; context: RowContext }) {
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
          {pallet?.tomatoType ?? 'Pallet'}
          {waiting && <WaitingMark />}
        </span>
        <span className={styles.count}>
          {formatWeight(pallet?.weight)} · …{id.slice(-6)}
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
  const ids = occupancy.rows[context.rowIndex] ?? [];
  const capacity = occupancy.zone.rowCapacity;
  const here = `${occupancy.zone.name} · ${rowName(context.rowIndex)}`;
  const permissions = usePermission();
  const canStore = hasPermission(permissions, 'manage_storage_assignments');
  const scan = usePalletScan();
  const lookup = usePalletLookup();
  const { store } = usePhoneCommands();
  const { outcome, run, say } = useCommand();
  const [stored, setStored] = useState(0);

  const storeScanned = async (text: string, type: ScanType) => {
    const pallet = scan(text, type, here);
    if (!pallet?.known) return say({ kind: 'refused', text: 'No such pallet at this location.' });
    const now = lookup(pallet.id);
    const short = `…${pallet.id.slice(-6)}`;
    if (now?.zoneId === context.zoneId && now.rowIndex === context.rowIndex)
      return say({ kind: 'refused', text: `Pallet ${short} is already in ${here}.` });
    if (ids.length >= capacity)
      return say({ kind: 'refused', text: `${here} is full (${capacity} pallets).` });
    if (
      await run(
        () => store(pallet.id, context.zoneId, context.rowIndex, here),
        `Pallet ${short} stored in ${here}`,
      )
    ) {
      setStored((n) => n + 1);
      confirmByVibration();
    }
  };

  return (
    <>
      <Link
        className={styles.back}
        to={storageUrl({ type: 'row_selection', zoneId: context.zoneId, zoneName: context.zoneName })}
      >
        ‹ Rows of {occupancy.zone.name}
      </Link>
      <h2 className={styles.title}>{here}</h2>
      <p className={styles.hint}>
        Pallets in this row:{' '}
        <span className={styles.count} data-testid="row-occupancy">
          {ids.length}/{capacity}
        </span>
        {ids.length >= capacity && ' (full)'}
      </p>
      {canStore && (
        <section className={styles.card} aria-labelledby="scan-in-title">
          <h3 id="scan-in-title">Scan pallets into this row</h3>
          {/* once one is stored the operator knows: the card keeps to one screen */}
          {stored === 0 && (
            <p className={styles.hint}>Scan one label after another; each is stored here at once.</p>
          )}
          <p>
            <span className={styles.tally} data-testid="stored-count">
              {stored}
            </span>{' '}
            stored now
          </p>
          <OutcomeLine outcome={outcome} />
          <ScanEntry action="Store" onScan={(text, type) => void storeScanned(text, type)} />
        </section>
      )}
      {ids.length === 0 ? (
        <p className={styles.hint}>This row is empty.</p>
      ) : (
        <ul className={styles.list} aria-label={`Pallets in ${here}`}>
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
  const { search } = useLocation();
  const navigate = useNavigate();
  const context = storageContextOf(new URLSearchParams(search));
  // while the location's data loads (or cannot, offline) the zones are not known, not absent
  const status = useLiveStatus();
  const known = useZones();
  const zones = status === 'loading' ? null : known;
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
      action="Open"
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
          ‹ All zones
        </Link>
        <h2 className={styles.title}>{zone.name}: choose a row</h2>
        <ul className={styles.list} aria-label={`Rows of ${zone.name}`}>
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
                    {ids.length}/{zone.rowCapacity}
                    {full && ' full'}
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
      <h2 className={styles.title}>Storage: choose a zone</h2>
      {zones === null ? (
        <p className={styles.hint}>Loading zones…</p>
      ) : zones.length === 0 ? (
        <p className={styles.hint}>This location has no storage zones yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Zones">
          {zones.map((z) => (
            <ZoneChoice key={z.zone.id} occupancy={z} />
          ))}
        </ul>
      )}
      {openScanned}
    </>
  );
}

import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZoneOccupancy } from '../../../streams/live';
import { usePallet, useZones } from '../../hooks/live';
import { useOrderCommands } from '../../hooks/order-commands';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import { countText, grouped, shortId } from '../../ui/format';
import { formatWeight } from '../../ui/qr-modal';
import styles from '../../ui/side-panel.module.css';
import { useToasts } from '../../ui/toasts';

function RowPallet({ id }: { id: string }) {
  const pallet = usePallet(id);
  return (
    <li className={styles.orderPallet}>
      <span className={styles.mono} title={id} translate="no">
        {shortId(id)}
      </span>
      <span translate="no">
        {pallet ? `${pallet.tomatoType ?? '-'} · ${formatWeight(pallet.weight)}` : '-'}
      </span>
    </li>
  );
}

/**
 * One zone: its rows with their occupancy against capacity ("3/10"); a row opens to its pallets.
 * Drawn again only when its own occupancy or pick changed: a batch redraws the zones it touched.
 */
const Zone = memo(function Zone({
  occupancy,
  picked,
  onPick,
}: {
  occupancy: ZoneOccupancy;
  picked: number | null;
  onPick: (zoneId: string, rowIndex: number | null) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { zone, rows, palletCount } = occupancy;
  const capacity = zone.rows * zone.rowCapacity;
  return (
    <li className={styles.zone} data-zone-id={zone.id}>
      <div className={styles.zoneHead}>
        <h3 translate="no">{zone.name}</h3>
        <span className={styles.count}>{`${palletCount}/${capacity}`}</span>
      </div>
      <div className={styles.rows}>
        {rows.map((ids, rowIndex) => {
          const full = ids.length >= zone.rowCapacity;
          return (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its index
              key={rowIndex}
              type="button"
              className={styles.rowCell}
              data-full={full || undefined}
              aria-pressed={picked === rowIndex}
              onClick={() => onPick(zone.id, picked === rowIndex ? null : rowIndex)}
              style={{ ['--fill' as string]: `${Math.round((ids.length / zone.rowCapacity) * 100)}%` }}
            >
              <span>{t('storage.row', { row: rowIndex + 1 })}</span>
              <span className={styles.count}>{`${ids.length}/${zone.rowCapacity}`}</span>
            </button>
          );
        })}
      </div>
    </li>
  );
});

/** The storage map of the location, live: zones × rows with their occupancy; moves the ticked pallets. */
export function StoragePanel({
  checked,
  canMove,
  onMoved,
}: {
  checked: readonly string[];
  canMove: boolean;
  onMoved: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const zones = useZones() ?? [];
  const { store, takeOut } = useOrderCommands();
  const toasts = useToasts();
  const [picked, setPicked] = useState<{ zoneId: string; rowIndex: number } | null>(null);
  const pick = useCallback(
    (zoneId: string, rowIndex: number | null) => setPicked(rowIndex === null ? null : { zoneId, rowIndex }),
    [],
  );
  const pickedZone = zones.find((z) => z.zone.id === picked?.zoneId);
  const pickedIds = picked && pickedZone ? (pickedZone.rows[picked.rowIndex] ?? []) : [];
  const n = checked.length;
  const place =
    picked && pickedZone && t('storage.place', { zone: pickedZone.zone.name, row: picked.rowIndex + 1 });

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toasts.notify(done, { variant: 'success' });
      onMoved();
    } catch (error) {
      toasts.notify(apiErrorText(error), { variant: 'error' });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="storage-title">
      <div className={styles.panelHead}>
        <h2 id="storage-title">{t('storage.title')}</h2>
        {canMove && (
          <Button
            className={styles.small}
            disabled={n === 0}
            onClick={() => run(() => takeOut(checked), t('storage.takenOut', { count: n, ...grouped(n) }))}
          >
            {n > 0 ? t('storage.takeOutCount', { number: countText(n) }) : t('storage.takeOut')}
          </Button>
        )}
      </div>
      {zones.length === 0 ? (
        <p className={styles.hint}>{t('storage.noZones')}</p>
      ) : (
        <ul className={styles.zones}>
          {zones.map((occupancy) => (
            <Zone
              key={occupancy.zone.id}
              occupancy={occupancy}
              picked={picked?.zoneId === occupancy.zone.id ? picked.rowIndex : null}
              onPick={pick}
            />
          ))}
        </ul>
      )}
      {picked && pickedZone && (
        <div className={styles.rowDetail}>
          <div className={styles.panelHead}>
            <h3>{place}</h3>
            {canMove && (
              <Button
                variant="primary"
                className={styles.small}
                disabled={n === 0}
                onClick={() =>
                  run(
                    () => store(checked, pickedZone.zone, picked.rowIndex),
                    t('storage.moved', { count: n, ...grouped(n, { place }) }),
                  )
                }
              >
                {n > 0 ? t('storage.moveHereCount', { number: countText(n) }) : t('storage.moveHere')}
              </Button>
            )}
          </div>
          {pickedIds.length === 0 ? (
            <p className={styles.hint}>{canMove ? t('storage.rowEmptyMove') : t('storage.rowEmpty')}</p>
          ) : (
            <ul className={styles.orderPallets}>
              {pickedIds.map((id) => (
                <RowPallet key={id} id={id} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

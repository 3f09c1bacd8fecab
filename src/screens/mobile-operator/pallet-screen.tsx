import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Order } from '../../../streams/live';
import { mayCall } from '../../../streams/permissions/policy';
import {
  allPalletsKnown,
  useLiveStatus,
  useOrder,
  useOrderIds,
  useOrders,
  usePallet,
  useWaiting,
  useZones,
} from '../../hooks/live';
import { usePalletScan } from '../../hooks/pallet-scan';
import { usePermission } from '../../hooks/permissions';
import { usePrintJobs } from '../../hooks/printers';
import { useFormats } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import { PalletLabels } from '../../ui/pallet-labels';
import { PrintLabelButton } from '../../ui/print-label-button';
import { formatWeight, PalletQrModal } from '../../ui/qr-modal';
import { SelectField } from '../../ui/select-field';
import styles from './mobile.module.css';
import { orderStatusOf } from './order-status';
import { OutcomeLine } from './outcome-line';
import { operatorPath, palletUrl, rowName, storageContextOf, storageUrl } from './paths';
import { ScanEntry } from './scan-entry';
import { useCommand } from './use-command';
import { usePhoneCommands } from './use-phone-commands';
import { WaitingMark } from './waiting-mark';

const customerOf = (order: Order | undefined) =>
  typeof order?.customer === 'string' ? order.customer : i18n.t('mobile:pallet.anOrder');
const isOpen = (order: Order | undefined) => order?.status === 'open' || order?.status === 'assigned';

/** Picks a zone and a row (with its occupancy, live) and stores the pallet there. */
export function StoreAnywhere({
  onStore,
  busy,
}: {
  onStore: (zoneId: string, rowIndex: number, zoneName: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('mobile');
  const format = useFormats();
  const zones = useZones() ?? [];
  const loading = !allPalletsKnown(useLiveStatus());
  const [zoneId, setZoneId] = useState('');
  const [row, setRow] = useState('');
  const zone = zones.find((z) => z.zone.id === zoneId);
  if (loading) return <p className={styles.hint}>{t('storage.loading')}</p>;
  if (zones.length === 0) return <p className={styles.hint}>{t('storage.noZones')}</p>;
  return (
    <div className={styles.actions}>
      <SelectField
        label={t('pallet.zone')}
        value={zoneId}
        onChange={(value) => {
          setZoneId(value);
          setRow('');
        }}
        choices={[
          { value: '', label: t('pallet.chooseZone') },
          ...zones.map((z) => ({
            value: z.zone.id,
            label: t('pallet.zoneChoice', {
              zone: z.zone.name,
              used: format.number(z.palletCount),
              capacity: format.number(z.zone.rows * z.zone.rowCapacity),
            }),
          })),
        ]}
      />
      {zone && (
        <SelectField
          label={t('pallet.row')}
          value={row}
          onChange={setRow}
          choices={[
            { value: '', label: t('pallet.chooseRow') },
            ...zone.rows.map((ids, i) => ({
              value: String(i),
              label: t(ids.length >= zone.zone.rowCapacity ? 'pallet.rowChoiceFull' : 'pallet.rowChoice', {
                row: rowName(i),
                used: format.number(ids.length),
                capacity: format.number(zone.zone.rowCapacity),
              }),
            })),
          ]}
        />
      )}
      <Button
        variant="primary"
        disabled={!zone || row === '' || busy}
        onClick={() => zone && onStore(zone.zone.id, Number(row), zone.zone.name)}
      >
        {t('pallet.storeHere')}
      </Button>
    </div>
  );
}

/** Assigns the pallet to one of the location's open orders. */
function AssignToOrder({ onAssign, busy }: { onAssign: (order: Order) => void; busy: boolean }) {
  const { t } = useTranslation('mobile');
  const format = useFormats();
  const ids = useOrderIds();
  const orders = useOrders();
  const open = ids.map((id) => orders?.get(id)).filter((o): o is Order => isOpen(o));
  const [chosen, setChosen] = useState('');
  const order = open.find((o) => o.id === chosen);
  if (open.length === 0) return <p className={styles.hint}>{t('pallet.noOpenOrders')}</p>;
  return (
    <div className={styles.actions}>
      <SelectField
        label={t('pallet.order')}
        value={chosen}
        onChange={setChosen}
        choices={[
          { value: '', label: t('pallet.chooseOrder') },
          ...open.map((o) => ({
            value: o.id,
            label: t('pallet.orderChoice', {
              customer: customerOf(o),
              assigned: format.number(o.assignedPallets),
              requested: typeof o.requestedPallets === 'number' ? format.number(o.requestedPallets) : '?',
            }),
          })),
        ]}
      />
      <Button variant="primary" disabled={!order || busy} onClick={() => order && onAssign(order)}>
        {t('pallet.assign')}
      </Button>
    </div>
  );
}

/** One pallet: what it is and where it stands, and the operator's actions on it, one tap each. */
export function PalletScreen() {
  const { t } = useTranslation('mobile');
  const { palletId = '' } = useParams();
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const context = query.get('from') === 'storage' ? storageContextOf(query) : null;
  const navigate = useNavigate();
  const scan = usePalletScan();
  const pallet = usePallet(palletId);
  const waiting = useWaiting(palletId);
  const status = useLiveStatus();
  const order = useOrder(pallet?.orderId ?? '');
  const zones = useZones() ?? [];
  const permissions = usePermission();
  const canStore = mayCall(permissions, 'POST /api/storage/positions');
  const canOrder = mayCall(permissions, 'POST /api/orders/:id/assign');
  const { store, takeOut, assign, ship } = usePhoneCommands();
  const { outcome, busy, run } = useCommand();
  const [qrOpen, setQrOpen] = useState(false);
  // a scanned code the location has no pallet for has no labels to ask for (nor a pallet's form)
  const labels = usePrintJobs(pallet ? pallet.id : null);
  // a pallet scanned before the location's data had it opened at the default type: once the
  // pallet is known, its address says its type (SPEC 1)
  useEffect(() => {
    if (!pallet) return;
    const path = palletUrl(pallet.id, pallet.palletType);
    if (path !== pathname) navigate(path + search, { replace: true });
  }, [pallet, pathname, search, navigate]);

  const back = context ? (
    <Link className={styles.back} to={storageUrl(context)}>
      {context.type === 'zone_selection'
        ? t('pallet.backToStorage')
        : t('pallet.backTo', {
            where:
              context.type === 'row_contents'
                ? `${context.zoneName} · ${rowName(context.rowIndex)}`
                : context.zoneName,
          })}
    </Link>
  ) : null;
  const scanNext = (
    <ScanEntry
      action={t('entry.open')}
      onScan={(text, type) => {
        const next = scan(text, type, `pallet ${palletId}`);
        if (next) navigate(palletUrl(next.id, next.palletType, context ?? undefined));
      }}
    />
  );

  if (!pallet) {
    return (
      <>
        <PageTitle page={t('pallet.pageTitle', { id: palletId })} />
        {back}
        <h2 className={styles.title}>
          {allPalletsKnown(status) ? t('pallet.notFound') : t('pallet.loading')}
        </h2>
        {allPalletsKnown(status) && (
          <>
            <p className={styles.hint}>
              <Trans
                t={t}
                i18nKey="pallet.notFoundHint"
                values={{ id: palletId }}
                components={{ id: <span translate="no" /> }}
              />
            </p>
            {scanNext}
          </>
        )}
        {!context && (
          <Link className={styles.back} to={operatorPath}>
            {t('pallet.backToScan')}
          </Link>
        )}
      </>
    );
  }

  const zone = zones.find((z) => z.zone.id === pallet.zoneId);
  const where =
    zone && typeof pallet.rowIndex === 'number' ? `${zone.zone.name} · ${rowName(pallet.rowIndex)}` : null;
  const target = context?.type === 'row_contents' ? context : null;
  const inTarget = target && pallet.zoneId === target.zoneId && pallet.rowIndex === target.rowIndex;
  const storeIn = (zoneId: string, rowIndex: number, zoneName: string) =>
    run(
      () => store(pallet.id, zoneId, rowIndex, zoneName),
      t('pallet.storedIn', { where: `${zoneName} · ${rowName(rowIndex)}` }),
    );

  return (
    <>
      <PageTitle page={t('pallet.pageTitle', { id: pallet.id })} />
      {back}
      <h2 className={styles.title}>
        {pallet.tomatoType ? <span translate="no">{pallet.tomatoType}</span> : t('pallet.pallet')} ·{' '}
        <span translate="no">{formatWeight(pallet.weight)}</span>
      </h2>
      {waiting && (
        <p className={styles.hint}>
          <WaitingMark /> {t('pallet.waiting')}
        </p>
      )}
      <dl className={styles.facts} data-pallet-id={pallet.id}>
        <dt>{t('pallet.id')}</dt>
        <dd translate="no">{pallet.id}</dd>
        <dt>{t('pallet.type')}</dt>
        <dd translate="no">{pallet.palletType ?? '-'}</dd>
        <dt>{t('pallet.box')}</dt>
        <dd translate="no">{pallet.boxType ?? '-'}</dd>
        <dt>{t('pallet.option')}</dt>
        <dd translate="no">{pallet.tomatoOption ?? '-'}</dd>
        <dt>{t('pallet.weight')}</dt>
        <dd translate="no">{formatWeight(pallet.weight)}</dd>
        <dt>{t('pallet.order')}</dt>
        <dd>
          {order
            ? t('pallet.orderOf', {
                customer: customerOf(order),
                status: t(`pallet.orderStatus.${orderStatusOf(order)}`),
              })
            : t('pallet.none')}
        </dd>
        <dt>{t('pallet.stored')}</dt>
        <dd data-testid="pallet-where">{where ?? t('pallet.notStored')}</dd>
      </dl>
      <OutcomeLine outcome={outcome} />
      <section className={styles.card} aria-labelledby="pallet-actions">
        <h3 id="pallet-actions">{t('pallet.actions')}</h3>
        <div className={styles.actions}>
          {canStore && target && !inTarget && (
            <Button
              variant="primary"
              disabled={busy}
              onClick={() => storeIn(target.zoneId, target.rowIndex, target.zoneName)}
            >
              {t('pallet.storeIn', { where: `${target.zoneName} · ${rowName(target.rowIndex)}` })}
            </Button>
          )}
          {canStore && where && (
            <Button disabled={busy} onClick={() => run(() => takeOut(pallet.id), t('pallet.takenOut'))}>
              {t('pallet.takeOut')}
            </Button>
          )}
          {canOrder && order && isOpen(order) && (
            <Button
              variant="primary"
              disabled={busy}
              onClick={() =>
                run(
                  () => ship(order.id, customerOf(order)),
                  t('pallet.shipped', { customer: customerOf(order) }),
                )
              }
            >
              {t('pallet.ship', { customer: customerOf(order) })}
            </Button>
          )}
          <PrintLabelButton palletId={pallet.id} onPrinted={labels.reload} />
          <Button onClick={() => setQrOpen(true)}>{t('pallet.showQr')}</Button>
        </div>
        <PalletLabels jobs={labels.jobs} />
      </section>
      {canStore && (
        <section className={styles.card} aria-labelledby="store-title">
          <h3 id="store-title">{where ? t('pallet.moveTitle') : t('pallet.storeTitle')}</h3>
          <StoreAnywhere busy={busy} onStore={storeIn} />
        </section>
      )}
      {canOrder && !pallet.orderId && (
        <section className={styles.card} aria-labelledby="assign-title">
          <h3 id="assign-title">{t('pallet.assignTitle')}</h3>
          <AssignToOrder
            busy={busy}
            onAssign={(o) =>
              run(
                () => assign(o.id, pallet.id, customerOf(o)),
                t('pallet.assigned', { customer: customerOf(o) }),
              )
            }
          />
        </section>
      )}
      <section className={styles.card} aria-labelledby="next-title">
        <h3 id="next-title">{t('pallet.next')}</h3>
        {scanNext}
      </section>
      <PalletQrModal pallet={qrOpen ? pallet : null} onClose={() => setQrOpen(false)} />
    </>
  );
}

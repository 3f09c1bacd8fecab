import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Order } from '../../../streams/live';
import { hasPermission } from '../../../streams/permissions';
import {
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
import { Button } from '../../ui/button';
import { PrintLabelButton } from '../../ui/print-label-button';
import { formatWeight, PalletQrModal } from '../../ui/qr-modal';
import { SelectField } from '../../ui/select-field';
import styles from './mobile.module.css';
import { OutcomeLine } from './outcome-line';
import { operatorPath, palletUrl, rowName, storageContextOf, storageUrl } from './paths';
import { ScanEntry } from './scan-entry';
import { useCommand } from './use-command';
import { usePhoneCommands } from './use-phone-commands';
import { WaitingMark } from './waiting-mark';

const customerOf = (order: Order | undefined) =>
  typeof order?.customer === 'string' ? order.customer : 'an order';
const isOpen = (order: Order | undefined) => order?.status === 'open' || order?.status === 'assigned';

/** Picks a zone and a row (with its occupancy, live) and stores the pallet there. */
function StoreAnywhere({
  onStore,
  busy,
}: {
  onStore: (zoneId: string, rowIndex: number, where: string) => void;
  busy: boolean;
}) {
  const zones = useZones() ?? [];
  const loading = useLiveStatus() === 'loading';
  const [zoneId, setZoneId] = useState('');
  const [row, setRow] = useState('');
  const zone = zones.find((z) => z.zone.id === zoneId);
  if (loading) return <p className={styles.hint}>Loading zones…</p>;
  if (zones.length === 0) return <p className={styles.hint}>This location has no storage zones yet.</p>;
  return (
    <div className={styles.actions}>
      <SelectField
        label="Zone"
        value={zoneId}
        onChange={(value) => {
          setZoneId(value);
          setRow('');
        }}
        choices={[
          { value: '', label: 'Choose a zone' },
          ...zones.map((z) => ({
            value: z.zone.id,
            label: `${z.zone.name} (${z.palletCount}/${z.zone.rows * z.zone.rowCapacity})`,
          })),
        ]}
      />
      {zone && (
        <SelectField
          label="Row"
          value={row}
          onChange={setRow}
          choices={[
            { value: '', label: 'Choose a row' },
            ...zone.rows.map((ids, i) => ({
              value: String(i),
              label: `${rowName(i)} (${ids.length}/${zone.zone.rowCapacity}${ids.length >= zone.zone.rowCapacity ? ', full' : ''})`,
            })),
          ]}
        />
      )}
      <Button
        variant="primary"
        disabled={!zone || row === '' || busy}
        onClick={() =>
          zone && onStore(zone.zone.id, Number(row), `${zone.zone.name} · ${rowName(Number(row))}`)
        }
      >
        Store here
      </Button>
    </div>
  );
}

/** Assigns the pallet to one of the location's open orders. */
function AssignToOrder({ onAssign, busy }: { onAssign: (order: Order) => void; busy: boolean }) {
  const ids = useOrderIds();
  const orders = useOrders();
  const open = ids.map((id) => orders?.get(id)).filter((o): o is Order => isOpen(o));
  const [chosen, setChosen] = useState('');
  const order = open.find((o) => o.id === chosen);
  if (open.length === 0) return <p className={styles.hint}>No open orders to assign to.</p>;
  return (
    <div className={styles.actions}>
      <SelectField
        label="Order"
        value={chosen}
        onChange={setChosen}
        choices={[
          { value: '', label: 'Choose an order' },
          ...open.map((o) => ({
            value: o.id,
            label: `${customerOf(o)} (${o.assignedPallets}/${typeof o.requestedPallets === 'number' ? o.requestedPallets : '?'})`,
          })),
        ]}
      />
      <Button variant="primary" disabled={!order || busy} onClick={() => order && onAssign(order)}>
        Assign to order
      </Button>
    </div>
  );
}

/** One pallet: what it is and where it stands, and the operator's actions on it, one tap each. */
export function PalletScreen() {
  const { palletId = '' } = useParams();
  const { search } = useLocation();
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
  const canStore = hasPermission(permissions, 'manage_storage_assignments');
  const canOrder = hasPermission(permissions, 'manage_orders');
  const { store, takeOut, assign, ship } = usePhoneCommands();
  const { outcome, busy, run } = useCommand();
  const [qrOpen, setQrOpen] = useState(false);

  const back = context ? (
    <Link className={styles.back} to={storageUrl(context)}>
      ‹ Back to {context.type === 'zone_selection' ? 'storage' : context.zoneName}
      {context.type === 'row_contents' && ` · ${rowName(context.rowIndex)}`}
    </Link>
  ) : null;
  const scanNext = (
    <ScanEntry
      action="Open"
      onScan={(text, type) => {
        const next = scan(text, type, `pallet ${palletId}`);
        if (next) navigate(palletUrl(next.id, next.palletType, context ?? undefined));
      }}
    />
  );

  if (!pallet) {
    return (
      <>
        {back}
        <h2 className={styles.title}>{status === 'loading' ? 'Loading pallet…' : 'Pallet not found'}</h2>
        {status !== 'loading' && (
          <>
            <p className={styles.hint}>
              No pallet <span translate="no">{palletId}</span> at this location. Scan another label.
            </p>
            {scanNext}
          </>
        )}
        {!context && (
          <Link className={styles.back} to={operatorPath}>
            ‹ Scan
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
  const storeIn = (zoneId: string, rowIndex: number, name: string) =>
    run(() => store(pallet.id, zoneId, rowIndex, name), `Stored in ${name}`);

  return (
    <>
      {back}
      <h2 className={styles.title}>
        {pallet.tomatoType ?? 'Pallet'} · {formatWeight(pallet.weight)}
      </h2>
      {waiting && (
        <p className={styles.hint}>
          <WaitingMark /> Shown as it will be once the phone has sent its change.
        </p>
      )}
      <dl className={styles.facts} data-pallet-id={pallet.id}>
        <dt>ID</dt>
        <dd translate="no">{pallet.id}</dd>
        <dt>Type</dt>
        <dd>{pallet.palletType ?? '-'}</dd>
        <dt>Box</dt>
        <dd>{pallet.boxType ?? '-'}</dd>
        <dt>Option</dt>
        <dd>{pallet.tomatoOption ?? '-'}</dd>
        <dt>Weight</dt>
        <dd>{formatWeight(pallet.weight)}</dd>
        <dt>Order</dt>
        <dd>{order ? `${customerOf(order)} (${order.status ?? 'open'})` : 'None'}</dd>
        <dt>Stored</dt>
        <dd data-testid="pallet-where">{where ?? 'Not in storage'}</dd>
      </dl>
      <OutcomeLine outcome={outcome} />
      <section className={styles.card} aria-labelledby="pallet-actions">
        <h3 id="pallet-actions">Actions</h3>
        <div className={styles.actions}>
          {canStore && target && !inTarget && (
            <Button
              variant="primary"
              disabled={busy}
              onClick={() =>
                storeIn(target.zoneId, target.rowIndex, `${target.zoneName} · ${rowName(target.rowIndex)}`)
              }
            >
              Store in {target.zoneName} · {rowName(target.rowIndex)}
            </Button>
          )}
          {canStore && where && (
            <Button disabled={busy} onClick={() => run(() => takeOut(pallet.id), 'Taken out of storage')}>
              Take out of storage
            </Button>
          )}
          {canOrder && order && isOpen(order) && (
            <Button
              variant="primary"
              disabled={busy}
              onClick={() =>
                run(() => ship(order.id, customerOf(order)), `Order of ${customerOf(order)} shipped`)
              }
            >
              Mark shipped (ship order of {customerOf(order)})
            </Button>
          )}
          <PrintLabelButton palletId={pallet.id} />
          <Button onClick={() => setQrOpen(true)}>Show QR</Button>
        </div>
      </section>
      {canStore && (
        <section className={styles.card} aria-labelledby="store-title">
          <h3 id="store-title">{where ? 'Move to another row' : 'Store in a row'}</h3>
          <StoreAnywhere busy={busy} onStore={storeIn} />
        </section>
      )}
      {canOrder && !pallet.orderId && (
        <section className={styles.card} aria-labelledby="assign-title">
          <h3 id="assign-title">Assign to an order</h3>
          <AssignToOrder
            busy={busy}
            onAssign={(o) =>
              run(() => assign(o.id, pallet.id, customerOf(o)), `Assigned to ${customerOf(o)}`)
            }
          />
        </section>
      )}
      <section className={styles.card} aria-labelledby="next-title">
        <h3 id="next-title">Next pallet</h3>
        {scanNext}
      </section>
      <PalletQrModal pallet={qrOpen ? pallet : null} onClose={() => setQrOpen(false)} />
    </>
  );
}

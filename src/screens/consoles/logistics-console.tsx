import { useMemo, useState } from 'react';
import { type DueDay, ordersByDueDate, type PickLine, pickList, stillNeeds } from '../../../streams/consoles';
import { dayKey, dayWindow } from '../../../streams/dates';
import type { Order } from '../../../streams/live';
import { useToday } from '../../hooks/consoles';
import { useOrders, usePalletLookup, usePallets } from '../../hooks/live';
import { useOrderCommands } from '../../hooks/order-commands';
import { formats } from '../../i18n/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Modal } from '../../ui/modal';
import { PrintArea } from '../../ui/print-area';
import { formatWeight } from '../../ui/qr-modal';
import { shortId, totalKgText } from '../dashboard/format';
import { customerOf, useAct } from '../dashboard/orders-panel';
import styles from './consoles.module.css';

const weekAheadDays = 7;
const dayMs = 86_400_000;

/** "Wed 25 Nov" */
const dayText = (day: string) => formats().day(dayWindow(day).fromMs);

/** An order's pallets with where they stand, as a table for the screen and for paper. */
function PickTable({ lines, caption }: { lines: PickLine[]; caption: string }) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Pallet</th>
          <th scope="col">Tomato type</th>
          <th scope="col">Box type</th>
          <th scope="col">Option</th>
          <th scope="col" className={styles.number}>
            Weight
          </th>
          <th scope="col">Zone</th>
          <th scope="col">Row</th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ pallet, zone, row }) => (
          <tr key={pallet.id} data-pallet={pallet.id}>
            <td>{shortId(pallet.id)}</td>
            <td>{pallet.tomatoType}</td>
            <td>{pallet.boxType}</td>
            <td>{pallet.tomatoOption}</td>
            <td className={styles.number}>{formatWeight(pallet.weight)}</td>
            <td>{zone ?? 'Not in storage'}</td>
            <td>{row ?? '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A printed page: the pick list for the floor, or the delivery note that goes with the truck. */
function OrderDocument({ order, lines, kind }: { order: Order; lines: PickLine[]; kind: 'pick' | 'note' }) {
  const kg = lines.reduce((sum, { pallet }) => sum + (Number(pallet.weight) || 0), 0);
  return (
    <article className={styles.document} aria-label={kind === 'pick' ? 'Pick list' : 'Delivery note'}>
      <h1>{kind === 'pick' ? 'Pick list' : 'Delivery note'}</h1>
      <p>
        Customer: <strong>{customerOf(order)}</strong> · Order {order.id} · Due {String(order.dueDate ?? '-')}
      </p>
      <PickTable lines={lines} caption={`Pallets of the order for ${customerOf(order)}`} />
      <p>
        {lines.length} {lines.length === 1 ? 'pallet' : 'pallets'}, {totalKgText(kg)}
      </p>
      {kind === 'note' && (
        <div className={styles.signatures}>
          <p>Shipped by (name, signature, date)</p>
          <p>Received by (name, signature, date)</p>
        </div>
      )}
    </article>
  );
}

/** The pick list of an order on screen: where its pallets stand, printable, and Ship. */
function PickListDialog({
  order,
  lines,
  onPrint,
  onShip,
  onClose,
}: {
  order: Order;
  lines: PickLine[];
  onPrint: () => void;
  onShip: () => void;
  onClose: () => void;
}) {
  const open = order.status === 'open' || order.status === 'assigned';
  return (
    <Modal
      open
      onClose={onClose}
      title={`Pick list: ${customerOf(order)}`}
      size="lg"
      footer={
        <>
          <Button onClick={onPrint}>Print pick list</Button>
          {open && (
            <Button variant="primary" onClick={onShip} disabled={lines.length === 0}>
              Ship order
            </Button>
          )}
        </>
      }
    >
      {lines.length === 0 ? (
        <p>No pallets are assigned to this order yet.</p>
      ) : (
        <PickTable lines={lines} caption={`Pallets to pick for ${customerOf(order)}`} />
      )}
    </Modal>
  );
}

type Paper = { order: Order; kind: 'pick' | 'note' };

/**
 * The logistics console: today's and the coming week's orders by due date, what each still
 * needs, pick lists with zone and row for the floor, shipping, and the delivery note.
 */
export default function LogisticsConsole() {
  const orders = useOrders();
  usePallets(); // the pick lists follow the pallets' moves
  const palletOf = usePalletLookup();
  const { day: today, window } = useToday();
  const commands = useOrderCommands();
  const act = useAct();
  const [picking, setPicking] = useState<Order | null>(null);
  const [shipping, setShipping] = useState<Order | null>(null);
  const [paper, setPaper] = useState<Paper | null>(null);

  const all = useMemo(() => (orders ? orders.ids.map((id) => orders.get(id) as Order) : []), [orders]);
  const lastDay = dayKey(window.fromMs + weekAheadDays * dayMs + dayMs / 2);
  const days: DueDay[] = useMemo(() => ordersByDueDate(all, today, lastDay), [all, today, lastDay]);
  const shippedToday = all.filter(
    (order) =>
      order.status === 'shipped' &&
      typeof order.shippedAt === 'string' &&
      dayKey(Date.parse(order.shippedAt)) === today,
  );
  const linesOf = (order: Order) => pickList(order, palletOf);
  const fresh = (order: Order) => orders?.get(order.id) ?? order;

  const orderCard = (order: Order) => {
    const needs = stillNeeds(order);
    const open = order.status === 'open' || order.status === 'assigned';
    return (
      <li
        key={order.id}
        className={styles.order}
        data-order={order.id}
        aria-label={`Order for ${customerOf(order)}`}
      >
        <h3>{customerOf(order)}</h3>
        <span className={styles.muted}>
          {order.palletIds.length} of {String(order.requestedPallets ?? 0)} pallets assigned ·{' '}
          {String(order.status)}
        </span>
        {open && (
          <span className={styles.needs} data-needs={needs}>
            {needs === 0
              ? 'Complete: ready to ship'
              : `Still needs ${needs} ${needs === 1 ? 'pallet' : 'pallets'}`}
          </span>
        )}
        <div className={styles.actions}>
          <Button onClick={() => setPicking(order)} aria-label={`Pick list for ${customerOf(order)}`}>
            Pick list
          </Button>
          <Button
            onClick={() => setPaper({ order, kind: 'note' })}
            aria-label={`Delivery note for ${customerOf(order)}`}
          >
            Delivery note
          </Button>
        </div>
      </li>
    );
  };

  return (
    <div className={styles.screen}>
      <div className={styles.top}>
        <h1>Logistics</h1>
        <span className={styles.muted}>Orders due from today to {dayText(lastDay)}</span>
      </div>
      {days.length === 0 && <p className={styles.muted}>No orders are due this week.</p>}
      {days.map((due) => (
        <section key={due.day} className={styles.panel} aria-labelledby={`due-${due.day}`}>
          <h2 id={`due-${due.day}`} className={due.overdue ? styles.overdue : undefined}>
            {due.overdue
              ? `Overdue: ${dayText(due.day)}`
              : due.day === today
                ? `Today, ${dayText(due.day)}`
                : dayText(due.day)}
          </h2>
          <ul className={styles.orders}>{due.orders.map(orderCard)}</ul>
        </section>
      ))}
      {shippedToday.length > 0 && (
        <section className={styles.panel} aria-labelledby="shipped-today">
          <h2 id="shipped-today">Shipped today</h2>
          <ul className={styles.orders}>{shippedToday.map(orderCard)}</ul>
        </section>
      )}
      {picking && (
        <PickListDialog
          order={fresh(picking)}
          lines={linesOf(fresh(picking))}
          onClose={() => setPicking(null)}
          onPrint={() => setPaper({ order: fresh(picking), kind: 'pick' })}
          onShip={() => setShipping(fresh(picking))}
        />
      )}
      {shipping && (
        <ConfirmDialog
          question={`Ship the order for ${customerOf(shipping)}?`}
          action="Ship"
          onClose={() => setShipping(null)}
          onConfirm={async () => {
            if (await act(() => commands.ship(shipping.id), `Order for ${customerOf(shipping)} shipped`)) {
              setPicking(null);
            }
          }}
        >
          <p>
            Its {shipping.palletIds.length}{' '}
            {shipping.palletIds.length === 1 ? 'pallet leaves' : 'pallets leave'} the warehouse and storage.
            Print the delivery note for the driver next.
          </p>
        </ConfirmDialog>
      )}
      {paper && (
        <PrintArea key={`${paper.kind} ${paper.order.id}`} onDone={() => setPaper(null)}>
          <OrderDocument order={fresh(paper.order)} lines={linesOf(fresh(paper.order))} kind={paper.kind} />
        </PrintArea>
      )}
    </div>
  );
}

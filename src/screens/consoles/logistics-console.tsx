import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { type PickLine, pickList, stillNeeds } from '../../../streams/consoles';
import { dayKey, dayWindow } from '../../../streams/dates';
import type { Order } from '../../../streams/live';
import { mayCall } from '../../../streams/permissions/policy';
import { useDueOrders } from '../../hooks/consoles';
import { useOrders, usePalletLookup, usePallets } from '../../hooks/live';
import { useOrderCommands } from '../../hooks/order-commands';
import { usePermission } from '../../hooks/permissions';
import { type Formats, useFormats } from '../../i18n/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { shortId } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { customerOf, OrderActions, OrderDialog, useAct } from '../../ui/orders-panel';
import { PageTitle } from '../../ui/page-title';
import { PrintArea } from '../../ui/print-area';
import { formatWeight } from '../../ui/qr-modal';
import styles from './consoles.module.css';

/** "Wed 25 Nov · week 48": a due day as planners read it. */
function dayText(format: Formats, day: string) {
  const { fromMs } = dayWindow(day);
  return `${format.day(fromMs)} · ${format.week(fromMs)}`;
}

/** An order's pallets with where they stand, as a table for the screen and for paper. */
function PickTable({ lines, caption }: { lines: PickLine[]; caption: string }) {
  const { t } = useTranslation('consoles');
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('table.pallet')}</th>
          <th scope="col">{t('table.tomatoType')}</th>
          <th scope="col">{t('table.boxType')}</th>
          <th scope="col">{t('table.option')}</th>
          <th scope="col" className={styles.number}>
            {t('table.weight')}
          </th>
          <th scope="col">{t('table.zone')}</th>
          <th scope="col">{t('table.row')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ pallet, zone, row }) => (
          <tr key={pallet.id} data-pallet={pallet.id}>
            <td translate="no">{shortId(pallet.id)}</td>
            <td translate="no">{pallet.tomatoType}</td>
            <td translate="no">{pallet.boxType}</td>
            <td translate="no">{pallet.tomatoOption}</td>
            <td className={styles.number}>{formatWeight(pallet.weight)}</td>
            {zone ? <td translate="no">{zone}</td> : <td>{t('table.notInStorage')}</td>}
            <td>{row ?? '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A printed page: the pick list for the floor, or the delivery note that goes with the truck. */
function OrderDocument({ order, lines, kind }: { order: Order; lines: PickLine[]; kind: 'pick' | 'note' }) {
  const { t } = useTranslation('consoles');
  const format = useFormats();
  const kg = lines.reduce((sum, { pallet }) => sum + (Number(pallet.weight) || 0), 0);
  const title = kind === 'pick' ? t('document.pick') : t('document.note');
  const due = typeof order.dueDate === 'string' ? dayWindow(order.dueDate).fromMs : null;
  return (
    <article className={styles.document} aria-label={title}>
      <h1>{title}</h1>
      <p>
        <Trans
          t={t}
          i18nKey="document.head"
          values={{
            customer: customerOf(order),
            id: order.id,
            due: due === null ? '-' : `${format.date(due)} (${format.week(due)})`,
          }}
          components={{ customer: <strong translate="no" />, id: <span translate="no" /> }}
        />
      </p>
      <PickTable lines={lines} caption={t('document.caption', { customer: customerOf(order) })} />
      <p>{t('document.total', { count: lines.length, kg: format.kg(kg) })}</p>
      {kind === 'note' && (
        <div className={styles.signatures}>
          <p>{t('document.shippedBy')}</p>
          <p>{t('document.receivedBy')}</p>
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
  const { t } = useTranslation('consoles');
  const open = order.status === 'open' || order.status === 'assigned';
  return (
    <Modal
      open
      onClose={onClose}
      title={t('logistics.pickListTitle', { customer: customerOf(order) })}
      size="lg"
      footer={
        <>
          <Button onClick={onPrint}>{t('logistics.printPickList')}</Button>
          {open && (
            <Button variant="primary" onClick={onShip} disabled={lines.length === 0}>
              {t('logistics.shipOrder')}
            </Button>
          )}
        </>
      }
    >
      {lines.length === 0 ? (
        <p>{t('logistics.noPallets')}</p>
      ) : (
        <PickTable lines={lines} caption={t('logistics.palletsToPick', { customer: customerOf(order) })} />
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
  const { t } = useTranslation(['consoles', 'dashboard']);
  const format = useFormats();
  const canManage = mayCall(usePermission(), 'POST /api/orders');
  const orders = useOrders();
  usePallets(); // the pick lists follow the pallets' moves
  const palletOf = usePalletLookup();
  const { all, days, today, lastDay } = useDueOrders();
  const commands = useOrderCommands();
  const act = useAct();
  const [picking, setPicking] = useState<Order | null>(null);
  const [shipping, setShipping] = useState<Order | null>(null);
  const [paper, setPaper] = useState<Paper | null>(null);
  const [editing, setEditing] = useState<Order | 'new' | null>(null);

  // completed after shipping, an order stays here for the day, to be reopened if need be
  const shippedToday = all.filter(
    (order) =>
      (order.status === 'shipped' || order.status === 'complete') &&
      typeof order.shippedAt === 'string' &&
      dayKey(Date.parse(order.shippedAt)) === today,
  );
  const linesOf = (order: Order) => pickList(order, palletOf);
  const fresh = (order: Order) => orders?.get(order.id) ?? order;

  const statusText = (status: unknown) =>
    status === 'open'
      ? t('orderStatus.open')
      : status === 'assigned'
        ? t('orderStatus.assigned')
        : status === 'shipped'
          ? t('orderStatus.shipped')
          : status === 'complete'
            ? t('orderStatus.complete')
            : String(status);

  const orderCard = (order: Order) => {
    const needs = stillNeeds(order);
    const open = order.status === 'open' || order.status === 'assigned';
    return (
      <li
        key={order.id}
        className={styles.order}
        data-order={order.id}
        aria-label={t('logistics.orderFor', { customer: customerOf(order) })}
      >
        <h3 translate="no">{customerOf(order)}</h3>
        <span className={styles.muted}>
          {t('logistics.assigned', {
            assigned: order.palletIds.length,
            count: typeof order.requestedPallets === 'number' ? order.requestedPallets : 0,
            status: statusText(order.status),
          })}
        </span>
        {open && (
          <span className={styles.needs} data-needs={needs}>
            {needs === 0 ? t('logistics.complete') : t('logistics.stillNeeds', { count: needs })}
          </span>
        )}
        <div className={styles.actions}>
          <Button
            onClick={() => setPicking(order)}
            aria-label={t('logistics.pickListFor', { customer: customerOf(order) })}
          >
            {t('logistics.pickList')}
          </Button>
          <Button
            onClick={() => setPaper({ order, kind: 'note' })}
            aria-label={t('logistics.deliveryNoteFor', { customer: customerOf(order) })}
          >
            {t('logistics.deliveryNote')}
          </Button>
          {canManage && <OrderActions order={order} onEdit={setEditing} small={false} />}
        </div>
      </li>
    );
  };

  return (
    <div className={styles.screen}>
      <div className={styles.top}>
        <PageTitle page={t('logistics.title')} />
        <h1>{t('logistics.title')}</h1>
        <span className={styles.muted}>{t('logistics.lead', { day: dayText(format, lastDay) })}</span>
        {canManage && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('dashboard:order.new')}
          </Button>
        )}
      </div>
      {days.length === 0 && <p className={styles.muted}>{t('logistics.noneDue')}</p>}
      {days.map((due) => (
        <section key={due.day} className={styles.panel} aria-labelledby={`due-${due.day}`}>
          <h2 id={`due-${due.day}`} className={due.overdue ? styles.overdue : undefined}>
            {due.overdue
              ? t('logistics.overdue', { day: dayText(format, due.day) })
              : due.day === today
                ? t('logistics.today', { day: dayText(format, due.day) })
                : dayText(format, due.day)}
          </h2>
          <ul className={styles.orders}>{due.orders.map(orderCard)}</ul>
        </section>
      ))}
      {shippedToday.length > 0 && (
        <section className={styles.panel} aria-labelledby="shipped-today">
          <h2 id="shipped-today">{t('logistics.shippedToday')}</h2>
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
          question={t('logistics.shipQuestion', { customer: customerOf(shipping) })}
          action={t('logistics.ship')}
          onClose={() => setShipping(null)}
          onConfirm={async () => {
            const done = t('logistics.shipped', { customer: customerOf(shipping) });
            if (await act(() => commands.ship(shipping.id), done)) {
              setPicking(null);
            }
          }}
        >
          <p>{t('logistics.shipLeaves', { count: shipping.palletIds.length })}</p>
        </ConfirmDialog>
      )}
      {editing && (
        <OrderDialog order={editing === 'new' ? null : fresh(editing)} onClose={() => setEditing(null)} />
      )}
      {paper && (
        <PrintArea key={`${paper.kind} ${paper.order.id}`} onDone={() => setPaper(null)}>
          <OrderDocument order={fresh(paper.order)} lines={linesOf(fresh(paper.order))} kind={paper.kind} />
        </PrintArea>
      )}
    </div>
  );
}

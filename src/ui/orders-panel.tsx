import { type FormEvent, memo, useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { FixedChoice, Order } from '../../streams/live';
import { useOrder, useOrderIds, useOrders, usePallet } from '../hooks/live';
import { type OrderFields, useOrderCommands } from '../hooks/order-commands';
import { useFormats } from '../i18n/format';
import { apiErrorText } from '../shell/api-error';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { countText, grouped, shortId } from './format';
import { Modal } from './modal';
import { formatWeight } from './qr-modal';
import { SelectField } from './select-field';
import styles from './side-panel.module.css';
import { TextField } from './text-field';
import { useToasts } from './toasts';

/** An order's customer, or a dash. */
export const customerOf = (order: Order | undefined) =>
  typeof order?.customer === 'string' ? order.customer : '-';
const requestedOf = (order: Order) =>
  typeof order.requestedPallets === 'number' ? order.requestedPallets : 0;
/** The most pallets an order may ask for. */
const maxRequested = 10_000;
const isOpen = (order: Order | undefined) =>
  order !== undefined && (order.status === 'open' || order.status === 'assigned');

/** Runs a command, telling the person how it went: the server's sentence when it refused. */
export function useAct() {
  const toasts = useToasts();
  return async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toasts.notify(done, { variant: 'success' });
      return true;
    } catch (error) {
      toasts.notify(apiErrorText(error), { variant: 'error' });
      return false;
    }
  };
}

/**
 * Marks the words of a message only a screen reader reads (`<hidden>…</hidden>`): a piece of the
 * message (`data-message-piece`), which the pseudo-language's brackets mark only at its ends.
 */
const hidden = { hidden: <span className="visually-hidden" data-message-piece /> };

/** One pallet on an order: its id, type and weight, and "Unassign". */
function OrderPallet({ id, orderId, canManage }: { id: string; orderId: string; canManage: boolean }) {
  const { t } = useTranslation('dashboard');
  const pallet = usePallet(id);
  const { unassign } = useOrderCommands();
  const act = useAct();
  return (
    <li className={styles.orderPallet}>
      <span className={styles.mono} title={id} translate="no">
        {shortId(id)}
      </span>
      <span translate={pallet ? 'no' : undefined}>
        {pallet ? `${pallet.tomatoType ?? '-'} · ${formatWeight(pallet.weight)}` : t('order.palletGone')}
      </span>
      {canManage && pallet && (
        <Button
          variant="ghost"
          className={styles.small}
          onClick={() => act(() => unassign(orderId, id), t('order.unassigned'))}
        >
          <Trans t={t} i18nKey="order.unassign" values={{ id: shortId(id) }} components={hidden} />
        </Button>
      )}
    </li>
  );
}

/**
 * An order's life beyond its pallets, for whoever manages orders: edit it while it is open,
 * complete it (shipped, or without pallets), reopen a completed one, and delete it after asking
 * (the server refuses while pallets are on it, and the dialog says so).
 */
export function OrderActions({
  order,
  onEdit,
  small = true,
}: {
  order: Order;
  onEdit: (order: Order) => void;
  /** Small buttons, as beside the board; a console's are full size. */
  small?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const { completeOrder, reopenOrder, deleteOrder } = useOrderCommands();
  const toasts = useToasts();
  const act = useAct();
  const [asking, setAsking] = useState(false);
  const customer = customerOf(order);
  const size = small ? styles.small : undefined;
  return (
    <>
      {isOpen(order) && (
        <Button className={size} onClick={() => onEdit(order)}>
          <Trans t={t} i18nKey="order.edit" values={{ customer }} components={hidden} />
        </Button>
      )}
      {(order.status === 'open' || order.status === 'shipped') && (
        <Button
          className={size}
          onClick={() => act(() => completeOrder(order.id), t('order.completed', { customer }))}
        >
          <Trans t={t} i18nKey="order.complete" values={{ customer }} components={hidden} />
        </Button>
      )}
      {order.status === 'complete' && (
        <Button
          className={size}
          onClick={() => act(() => reopenOrder(order), t('order.reopened', { customer }))}
        >
          <Trans t={t} i18nKey="order.reopen" values={{ customer }} components={hidden} />
        </Button>
      )}
      <Button variant="ghost" className={size} onClick={() => setAsking(true)}>
        <Trans t={t} i18nKey="order.delete" values={{ customer }} components={hidden} />
      </Button>
      {asking && (
        <ConfirmDialog
          question={t('order.deleteQuestion', { customer })}
          action={t('order.deleteSubmit')}
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            await deleteOrder(order.id);
            toasts.notify(t('order.deleted', { customer }), { variant: 'success' });
          }}
        >
          <p>{t('order.deleteWarning')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** One order: customer, due date, status and "assigned/requested"; opened, its pallets and actions. */
const OrderItem = memo(function OrderItem({
  id,
  canManage,
  onEdit,
  shown,
}: {
  id: string;
  canManage: boolean;
  onEdit: (order: Order) => void;
  /** A request to open this order and bring it into view (a new object each time it is asked). */
  shown: object | null;
}) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const order = useOrder(id);
  const { ship } = useOrderCommands();
  const act = useAct();
  const [open, setOpen] = useState(false);
  const head = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!shown) return;
    setOpen(true);
    head.current?.scrollIntoView({ block: 'nearest' });
    head.current?.focus();
  }, [shown]);
  if (!order) return null;
  const customer = customerOf(order);
  return (
    <li className={styles.order} data-order-id={id} data-status={order.status}>
      <button
        ref={head}
        type="button"
        className={styles.orderHead}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.customer} translate="no">
          {customer}
        </span>
        <span className={styles.count} data-testid="order-count">
          {order.assignedPallets}/{requestedOf(order)}
        </span>
        <span className={styles.orderMeta}>
          <span className={styles.status} data-status={order.status}>
            {order.status ? t(`orderStatus.${order.status as FixedChoice<'orderStatus'>}`) : '-'}
          </span>
          {typeof order.dueDate === 'string' && (
            <span>{t('order.due', { date: format.date(`${order.dueDate.slice(0, 10)}T12:00`) })}</span>
          )}
        </span>
      </button>
      {open && (
        <div className={styles.orderBody}>
          {order.palletIds.length === 0 ? (
            <p className={styles.hint}>{t('order.emptyHint')}</p>
          ) : (
            <ul className={styles.orderPallets}>
              {order.palletIds.map((palletId) => (
                <OrderPallet
                  key={palletId}
                  id={palletId}
                  orderId={id}
                  canManage={canManage && isOpen(order)}
                />
              ))}
            </ul>
          )}
          {canManage && (
            <div className={styles.orderActions}>
              <OrderActions order={order} onEdit={onEdit} />
              {isOpen(order) && (
                <Button
                  variant="primary"
                  className={styles.small}
                  disabled={order.palletIds.length === 0}
                  onClick={() => act(() => ship(id), t('order.shipped', { customer }))}
                >
                  {t('order.ship')}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </li>
  );
});

/** Creates or edits an order: customer, pallets requested and due date. */
export function OrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const format = useFormats();
  const { createOrder, updateOrder } = useOrderCommands();
  const act = useAct();
  const formId = useId();
  const [customer, setCustomer] = useState(customerOf(order ?? undefined).replace(/^-$/, ''));
  const [requested, setRequested] = useState(order ? String(requestedOf(order)) : '1');
  const [due, setDue] = useState(typeof order?.dueDate === 'string' ? order.dueDate.slice(0, 10) : '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const count = Number(requested);
    if (!customer.trim()) return setError(t('order.enterCustomer'));
    if (!Number.isInteger(count) || count < 1 || count > maxRequested)
      return setError(t('order.requestedRange', { max: format.number(maxRequested) }));
    const fields: OrderFields = { customer: customer.trim(), requestedPallets: count, dueDate: due || null };
    const ok = await act(
      () => (order ? updateOrder(order.id, fields) : createOrder(fields)),
      order ? t('order.saved') : t('order.created', { customer: fields.customer }),
    );
    if (ok) onClose();
  };
  return (
    <Modal
      open
      size="sm"
      onClose={onClose}
      title={order ? t('order.editTitle') : t('order.new')}
      footer={
        <>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button variant="primary" type="submit" form={formId}>
            {order ? t('order.save') : t('order.create')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('order.customer')}
          value={customer}
          onChange={(e) => setCustomer(e.target.value)}
        />
        <TextField
          label={t('order.requested')}
          inputMode="numeric"
          value={requested}
          onChange={(e) => setRequested(e.target.value)}
        />
        <TextField
          label={t('order.dueDate')}
          type="date"
          value={due}
          onChange={(e) => setDue(e.target.value)}
        />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** Assigns the ticked pallets to an open order, chosen by its customer. */
function AssignDialog({
  palletIds,
  orders,
  onClose,
  onDone,
}: {
  palletIds: readonly string[];
  orders: Order[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { assign } = useOrderCommands();
  const act = useAct();
  const [orderId, setOrderId] = useState(orders[0]?.id ?? '');
  const chosen = orders.find((o) => o.id === orderId);
  const submit = async () => {
    if (!chosen) return;
    const ok = await act(
      () => assign(chosen.id, palletIds),
      t('order.assigned', {
        count: palletIds.length,
        ...grouped(palletIds.length, { customer: customerOf(chosen) }),
      }),
    );
    if (ok) onDone();
    onClose();
  };
  return (
    <Modal
      open
      size="sm"
      onClose={onClose}
      title={t('order.assign')}
      footer={
        <>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button variant="primary" disabled={!chosen} onClick={submit}>
            {t('order.assignPallets', { count: palletIds.length, ...grouped(palletIds.length) })}
          </Button>
        </>
      }
    >
      {orders.length === 0 ? (
        <p className={styles.hint}>{t('order.noOpen')}</p>
      ) : (
        <SelectField
          label={t('order.label')}
          value={orderId}
          onChange={setOrderId}
          choices={orders.map((o) => ({
            value: o.id,
            label: `${customerOf(o)} (${o.assignedPallets}/${requestedOf(o)})`,
            data: true,
          }))}
        />
      )}
    </Modal>
  );
}

/** The orders of the location, live: make, edit, fill with the ticked pallets, ship. */
export function OrdersPanel({
  checked,
  canManage,
  onAssigned,
  show,
}: {
  /** The pallets ticked on the board. */
  checked: readonly string[];
  canManage: boolean;
  onAssigned: () => void;
  /** The order to open and bring into view (from the activity feed), a new object each time. */
  show: { orderId: string } | null;
}) {
  const { t } = useTranslation('dashboard');
  const ids = useOrderIds();
  const table = useOrders();
  const [dialog, setDialog] = useState<'new' | 'assign' | Order | null>(null);
  const open = ids.map((id) => table?.get(id)).filter(isOpen) as Order[];
  return (
    <section className={styles.panel} aria-labelledby="orders-title">
      <div className={styles.panelHead}>
        <h2 id="orders-title">{t('order.title')}</h2>
        {canManage && (
          <>
            <Button
              className={styles.small}
              disabled={checked.length === 0}
              onClick={() => setDialog('assign')}
            >
              {checked.length > 0
                ? t('order.assignCount', { number: countText(checked.length) })
                : t('order.assign')}
            </Button>
            <Button variant="primary" className={styles.small} onClick={() => setDialog('new')}>
              {t('order.new')}
            </Button>
          </>
        )}
      </div>
      {ids.length === 0 ? (
        <p className={styles.hint}>{canManage ? t('order.noneManage') : t('order.none')}</p>
      ) : (
        <ul className={styles.orders}>
          {ids.map((id) => (
            <OrderItem
              key={id}
              id={id}
              canManage={canManage}
              onEdit={setDialog}
              shown={show?.orderId === id ? show : null}
            />
          ))}
        </ul>
      )}
      {dialog === 'new' && <OrderDialog order={null} onClose={() => setDialog(null)} />}
      {dialog !== null && typeof dialog === 'object' && (
        <OrderDialog order={dialog} onClose={() => setDialog(null)} />
      )}
      {dialog === 'assign' && (
        <AssignDialog palletIds={checked} orders={open} onClose={() => setDialog(null)} onDone={onAssigned} />
      )}
    </section>
  );
}

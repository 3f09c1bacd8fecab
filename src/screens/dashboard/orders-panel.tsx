import { type FormEvent, memo, useEffect, useId, useRef, useState } from 'react';
import type { Order } from '../../../streams/live';
import { useOrder, useOrderIds, useOrders, usePallet } from '../../hooks/live';
import { type OrderFields, useOrderCommands } from '../../hooks/order-commands';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { formatWeight } from '../../ui/qr-modal';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useToasts } from '../../ui/toasts';
import { shortId } from './format';
import styles from './side-panel.module.css';

/** An order's customer, or a dash. */
export const customerOf = (order: Order | undefined) =>
  typeof order?.customer === 'string' ? order.customer : '-';
const requestedOf = (order: Order) =>
  typeof order.requestedPallets === 'number' ? order.requestedPallets : 0;
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

/** One pallet on an order: its id, type and weight, and "Unassign". */
function OrderPallet({ id, orderId, canManage }: { id: string; orderId: string; canManage: boolean }) {
  const pallet = usePallet(id);
  const { unassign } = useOrderCommands();
  const act = useAct();
  return (
    <li className={styles.orderPallet}>
      <span className={styles.mono} title={id}>
        {shortId(id)}
      </span>
      <span>
        {pallet ? `${pallet.tomatoType ?? '-'} · ${formatWeight(pallet.weight)}` : 'shipped or elsewhere'}
      </span>
      {canManage && pallet && (
        <Button
          variant="ghost"
          className={styles.small}
          onClick={() => act(() => unassign(orderId, id), 'Pallet taken off the order')}
        >
          Unassign<span className="visually-hidden"> pallet {shortId(id)}</span>
        </Button>
      )}
    </li>
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
        <span className={styles.customer}>{customer}</span>
        <span className={styles.count} data-testid="order-count">
          {order.assignedPallets}/{requestedOf(order)}
        </span>
        <span className={styles.orderMeta}>
          <span className={styles.status} data-status={order.status}>
            {order.status}
          </span>
          {typeof order.dueDate === 'string' && <span>due {order.dueDate.slice(0, 10)}</span>}
        </span>
      </button>
      {open && (
        <div className={styles.orderBody}>
          {order.palletIds.length === 0 ? (
            <p className={styles.hint}>No pallets yet. Tick pallets on the board, then "Assign to order".</p>
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
          {canManage && isOpen(order) && (
            <div className={styles.orderActions}>
              <Button className={styles.small} onClick={() => onEdit(order)}>
                Edit<span className="visually-hidden"> order of {customer}</span>
              </Button>
              <Button
                variant="primary"
                className={styles.small}
                disabled={order.palletIds.length === 0}
                onClick={() => act(() => ship(id), `Order of ${customer} shipped`)}
              >
                Ship order
              </Button>
            </div>
          )}
        </div>
      )}
    </li>
  );
});

/** Creates or edits an order: customer, pallets requested and due date. */
function OrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
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
    if (!customer.trim()) return setError('Enter the customer');
    if (!Number.isInteger(count) || count < 1 || count > 10_000)
      return setError('Pallets requested must be a whole number from 1 to 10,000');
    const fields: OrderFields = { customer: customer.trim(), requestedPallets: count, dueDate: due || null };
    const ok = await act(
      () => (order ? updateOrder(order.id, fields) : createOrder(fields)),
      order ? 'Order saved' : `Order for ${fields.customer} created`,
    );
    if (ok) onClose();
  };
  return (
    <Modal
      open
      size="sm"
      onClose={onClose}
      title={order ? 'Edit order' : 'New order'}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId}>
            {order ? 'Save order' : 'Create order'}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <TextField label="Customer" value={customer} onChange={(e) => setCustomer(e.target.value)} />
        <TextField
          label="Pallets requested"
          inputMode="numeric"
          value={requested}
          onChange={(e) => setRequested(e.target.value)}
        />
        <TextField label="Due date" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
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
  const { assign } = useOrderCommands();
  const act = useAct();
  const [orderId, setOrderId] = useState(orders[0]?.id ?? '');
  const chosen = orders.find((o) => o.id === orderId);
  const submit = async () => {
    if (!chosen) return;
    const n = palletIds.length;
    const ok = await act(
      () => assign(chosen.id, palletIds),
      `${n} ${n === 1 ? 'pallet' : 'pallets'} assigned to ${customerOf(chosen)}`,
    );
    if (ok) onDone();
    onClose();
  };
  return (
    <Modal
      open
      size="sm"
      onClose={onClose}
      title="Assign to order"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={!chosen} onClick={submit}>
            Assign {palletIds.length} {palletIds.length === 1 ? 'pallet' : 'pallets'}
          </Button>
        </>
      }
    >
      {orders.length === 0 ? (
        <p className={styles.hint}>There is no open order at this location. Make one with "New order".</p>
      ) : (
        <SelectField
          label="Order"
          value={orderId}
          onChange={setOrderId}
          choices={orders.map((o) => ({
            value: o.id,
            label: `${customerOf(o)} (${o.assignedPallets}/${requestedOf(o)})`,
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
  const ids = useOrderIds();
  const table = useOrders();
  const [dialog, setDialog] = useState<'new' | 'assign' | Order | null>(null);
  const open = ids.map((id) => table?.get(id)).filter(isOpen) as Order[];
  return (
    <section className={styles.panel} aria-labelledby="orders-title">
      <div className={styles.panelHead}>
        <h2 id="orders-title">Orders</h2>
        {canManage && (
          <>
            <Button
              className={styles.small}
              disabled={checked.length === 0}
              onClick={() => setDialog('assign')}
            >
              Assign to order{checked.length > 0 && ` (${checked.length})`}
            </Button>
            <Button variant="primary" className={styles.small} onClick={() => setDialog('new')}>
              New order
            </Button>
          </>
        )}
      </div>
      {ids.length === 0 ? (
        <p className={styles.hint}>
          No orders at this location yet.{canManage && ' Make one with "New order".'}
        </p>
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

import type { Order } from '../../../streams/live';
import { useOrder, useOrderIds } from '../../hooks/live';
import styles from './mobile.module.css';

function OrderLine({ id }: { id: string }) {
  const order: Order | undefined = useOrder(id);
  if (!order || (order.status !== 'open' && order.status !== 'assigned')) return null;
  const requested = typeof order.requestedPallets === 'number' ? order.requestedPallets : '?';
  return (
    <li className={styles.choice}>
      <span>{typeof order.customer === 'string' ? order.customer : 'Order'}</span>
      <span className={styles.count}>
        {order.assignedPallets}/{requested}
      </span>
    </li>
  );
}

/** The Orders tab: the open orders with how many of their pallets are on them, live. */
export function OrdersScreen() {
  const ids = useOrderIds();
  return (
    <>
      <h2 className={styles.title}>Open orders</h2>
      <p className={styles.hint}>Scan a pallet to assign it to one of these.</p>
      {ids.length === 0 ? (
        <p className={styles.hint}>No orders at this location.</p>
      ) : (
        <ul className={styles.list} aria-label="Open orders">
          {ids.map((id) => (
            <OrderLine key={id} id={id} />
          ))}
        </ul>
      )}
    </>
  );
}

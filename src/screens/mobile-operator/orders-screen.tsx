import type { Order } from '../../../streams/live';
import { useOrderIds, useOrders } from '../../hooks/live';
import styles from './mobile.module.css';

const isOpen = (order: Order | undefined): order is Order =>
  order?.status === 'open' || order?.status === 'assigned';

/** The Orders tab: the open orders with how many of their pallets are on them, live. */
export function OrdersScreen() {
  const ids = useOrderIds();
  const orders = useOrders();
  const open = ids.map((id) => orders?.get(id)).filter(isOpen);
  return (
    <>
      <h2 className={styles.title}>Open orders</h2>
      {open.length === 0 ? (
        <p className={styles.hint}>No open orders at this location.</p>
      ) : (
        <>
          <p className={styles.hint}>Scan a pallet to assign it to one of these.</p>
          <ul className={styles.list} aria-label="Open orders">
            {open.map((order) => (
              <li key={order.id} className={styles.line}>
                <span>{typeof order.customer === 'string' ? order.customer : 'Order'}</span>
                <span className={styles.count}>
                  {order.assignedPallets}/
                  {typeof order.requestedPallets === 'number' ? order.requestedPallets : '?'} pallets
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

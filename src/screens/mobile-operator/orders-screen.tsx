import { useTranslation } from 'react-i18next';
import type { Order } from '../../../streams/live';
import { useOrderIds, useOrders } from '../../hooks/live';
import { useFormats } from '../../i18n/format';
import { PageTitle } from '../../ui/page-title';
import styles from './mobile.module.css';

const isOpen = (order: Order | undefined): order is Order =>
  order?.status === 'open' || order?.status === 'assigned';

/** The Orders tab: the open orders with how many of their pallets are on them, live. */
export function OrdersScreen() {
  const { t } = useTranslation('mobile');
  const format = useFormats();
  const ids = useOrderIds();
  const orders = useOrders();
  const open = ids.map((id) => orders?.get(id)).filter(isOpen);
  return (
    <>
      <PageTitle page={t('orders.pageTitle')} />
      <h2 className={styles.title}>{t('orders.title')}</h2>
      {open.length === 0 ? (
        <p className={styles.hint}>{t('orders.none')}</p>
      ) : (
        <>
          <p className={styles.hint}>{t('orders.hint')}</p>
          <ul className={styles.list} aria-label={t('orders.list')}>
            {open.map((order) => (
              <li key={order.id} className={styles.line}>
                {typeof order.customer === 'string' ? (
                  <span translate="no">{order.customer}</span>
                ) : (
                  <span>{t('orders.order')}</span>
                )}
                <span className={styles.count}>
                  {t('orders.pallets', {
                    assigned: format.number(order.assignedPallets),
                    requested:
                      typeof order.requestedPallets === 'number'
                        ? format.number(order.requestedPallets)
                        : '?',
                  })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { refusedBuzzMs } from '../../../streams/config';
import { type PickScan, pickList, pickScan } from '../../../streams/consoles';
import { dayWindow } from '../../../streams/dates';
import type { Order } from '../../../streams/live';
import { mayCall } from '../../../streams/permissions/policy';
import { useDueOrders } from '../../hooks/consoles';
import { usePallets } from '../../hooks/live';
import { type ScanType, usePalletScan } from '../../hooks/pallet-scan';
import { usePermission } from '../../hooks/permissions';
import { useFormats } from '../../i18n/format';
import { useServices } from '../../services';
import { Button } from '../../ui/button';
import { shortId } from '../../ui/format';
import { customerOf } from '../../ui/orders-panel';
import { PageTitle } from '../../ui/page-title';
import { formatWeight } from '../../ui/qr-modal';
import styles from './mobile.module.css';
import { OutcomeLine } from './outcome-line';
import { rowName } from './paths';
import { ScanEntry } from './scan-entry';
import { useCommand } from './use-command';
import { usePhoneCommands } from './use-phone-commands';

const logisticsPath = '/mobile/operator/logistics';

/** One order's pick list in walking order (zone, row): each scan picks a pallet of it; "Ship order" once all are picked. */
function PickOrder({ order }: { order: Order }) {
  const { t } = useTranslation(['mobile', 'consoles']);
  // the list follows the pallets' moves
  const pallets = usePallets();
  const scan = usePalletScan();
  const lines = pickList(order, (id) => pallets?.get(id));
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [said, setSaid] = useState<{ scan: PickScan; id: string } | null>(null);
  const canShip = mayCall(usePermission(), 'POST /api/orders/:id/ship');
  const { ship } = usePhoneCommands();
  const { device } = useServices();
  const shipping = useCommand();
  const open = order.status === 'open' || order.status === 'assigned';
  const customer = customerOf(order);

  const onScan = (text: string, type: ScanType) => {
    const pallet = scan(text, type, `pick ${order.id}`);
    const id = pallet?.id ?? text.trim();
    const result = pickScan(lines, picked, id);
    if (result === 'not-on-list') device.vibrate(refusedBuzzMs);
    if (result === 'picked') setPicked((before) => new Set([...before, id]));
    setSaid({ scan: result, id });
  };
  const all = lines.length > 0 && lines.every((line) => picked.has(line.pallet.id));

  return (
    <>
      <PageTitle page={t('consoles:logistics.pickListTitle', { customer })} />
      <Link className={styles.back} to={logisticsPath}>
        {t('logistics.back')}
      </Link>
      <h2 className={styles.title}>{t('consoles:logistics.pickListTitle', { customer })}</h2>
      <p className={styles.hint} data-testid="picked-count">
        {t('logistics.picked', { picked: picked.size, count: lines.length })}
      </p>
      {lines.length === 0 ? (
        <p className={styles.hint}>{t('consoles:logistics.noPallets')}</p>
      ) : (
        <ol className={styles.list} aria-label={t('consoles:logistics.palletsToPick', { customer })}>
          {lines.map(({ pallet, zone, row }) => (
            <li
              key={pallet.id}
              className={styles.line}
              data-pallet={pallet.id}
              data-picked={picked.has(pallet.id) || undefined}
            >
              <span>
                {zone ? <span translate="no">{zone}</span> : t('logistics.notStored')}
                {row !== null && ` · ${rowName(row - 1)}`}
              </span>
              <span translate="no">
                {shortId(pallet.id)} · {formatWeight(pallet.weight)}
              </span>
              <span>{picked.has(pallet.id) ? t('logistics.pickedMark') : ''}</span>
            </li>
          ))}
        </ol>
      )}
      {said && (
        <p
          className={said.scan === 'not-on-list' ? styles.alert : styles.done}
          role={said.scan === 'not-on-list' ? 'alert' : 'status'}
        >
          {said.scan === 'not-on-list'
            ? t('logistics.notOnList', { pallet: shortId(said.id), customer })
            : said.scan === 'again'
              ? t('logistics.again', { pallet: shortId(said.id) })
              : t('logistics.pickedOne', { pallet: shortId(said.id) })}
        </p>
      )}
      <OutcomeLine outcome={shipping.outcome} />
      {open && (
        <section className={styles.card} aria-labelledby="pick-scan">
          <h3 id="pick-scan">{t('logistics.scan')}</h3>
          <ScanEntry action={t('logistics.pick')} onScan={onScan} />
        </section>
      )}
      {open && canShip && (
        <Button
          variant="primary"
          className={styles.big}
          disabled={!all || shipping.busy}
          onClick={() =>
            void shipping.run(() => ship(order.id, customer), t('consoles:logistics.shipped', { customer }))
          }
        >
          {t('consoles:logistics.shipOrder')}
        </Button>
      )}
    </>
  );
}

/**
 * Logistics on the phone: today's and the coming week's orders (the desk console's list); an
 * order opens its pick list to scan against.
 */
export function LogisticsScreen() {
  const { t } = useTranslation(['mobile', 'consoles']);
  const format = useFormats();
  const [query] = useSearchParams();
  const { all, days, today } = useDueOrders();
  const chosen = all.find((order) => order.id === query.get('order'));
  if (chosen) return <PickOrder key={chosen.id} order={chosen} />;
  return (
    <>
      <PageTitle page={t('consoles:logistics.title')} />
      <h2 className={styles.title}>{t('consoles:logistics.title')}</h2>
      {days.length === 0 && <p className={styles.hint}>{t('consoles:logistics.noneDue')}</p>}
      {days.map((due) => (
        <section key={due.day} aria-labelledby={`due-${due.day}`} className={styles.card}>
          <h3 id={`due-${due.day}`}>
            {due.overdue
              ? t('consoles:logistics.overdue', { day: format.date(dayWindow(due.day).fromMs) })
              : due.day === today
                ? t('consoles:logistics.today', { day: format.date(dayWindow(due.day).fromMs) })
                : format.date(dayWindow(due.day).fromMs)}
          </h3>
          <ul className={styles.list}>
            {due.orders.map((order) => (
              <li key={order.id}>
                <Link
                  className={styles.choice}
                  to={`${logisticsPath}?order=${encodeURIComponent(order.id)}`}
                  aria-label={t('consoles:logistics.pickListFor', { customer: customerOf(order) })}
                >
                  <span translate="no">{customerOf(order)}</span>
                  <span className={styles.count}>
                    {order.palletIds.length}/
                    {typeof order.requestedPallets === 'number' ? order.requestedPallets : '?'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

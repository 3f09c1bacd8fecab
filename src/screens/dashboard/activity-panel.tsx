import { memo } from 'react';
import type { ActivityEntry } from '../../../streams/activity';
import { useActivity } from '../../hooks/activity';
import { useOrder } from '../../hooks/live';
import { ageText, shortId } from './format';
import styles from './side-panel.module.css';

const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

/** What the entry says someone did: "assigned 2 pallets to Jansen". */
function deed(entry: ActivityEntry, customer: string | null): string {
  const pallet = entry.palletId ? `pallet ${shortId(entry.palletId)}` : 'a pallet';
  const pallets = entry.count > 1 ? plural(entry.count, 'pallet') : pallet;
  const order = customer ? `the order of ${customer}` : 'an order';
  switch (entry.type) {
    case 'pallet_created':
      return `added ${pallets}`;
    case 'pallet_updated':
      return `changed ${pallets}`;
    case 'pallet_deleted':
      return `deleted ${pallets}`;
    case 'pallet_assigned':
      return `assigned ${pallets} to ${customer ?? 'an order'}`;
    case 'pallet_unassigned':
      return `took ${pallets} off ${order}`;
    case 'pallet_shipped':
      return `shipped ${pallets}`;
    case 'pallet_location_changed':
      return entry.place
        ? `moved ${pallets} to ${entry.place.zone}${entry.place.rowIndex === null ? '' : ` · Row ${entry.place.rowIndex + 1}`}`
        : `took ${pallets} out of storage`;
    case 'pallet_scanned':
    case 'qr_scanned':
    case 'barcode_scanned':
      return `scanned ${pallets}`;
    case 'order_created':
      return `made ${order}`;
    case 'order_updated':
      return `changed ${order}`;
    case 'order_deleted':
      return 'deleted an order';
    case 'order_shipped':
      return `shipped ${order}`;
    case 'order_complete':
      return `completed ${order}`;
    default:
      return entry.type.replaceAll('_', ' ');
  }
}

/** The deed of an entry that names an order, with the order's customer as the location has it now. */
function OrderDeed({ entry, orderId }: { entry: ActivityEntry; orderId: string }) {
  const order = useOrder(orderId);
  return deed(entry, typeof order?.customer === 'string' ? order.customer : null);
}

/**
 * One entry: drawn again only when it changed, so a read of the feed redraws only its new entries.
 * Only an entry that names an order follows the orders: a batch of pallet changes brings a feed
 * of new entries, each mounted without a subscription of its own.
 */
const Entry = memo(function Entry({
  entry,
  now,
  onPallet,
  onOrder,
}: {
  entry: ActivityEntry;
  now: number;
  onPallet: (id: string) => void;
  onOrder: (id: string) => void;
}) {
  const age = ageText(entry.at, now);
  const { palletId, orderId } = entry;
  const text = (
    <>
      <strong>{entry.userName}</strong>{' '}
      {orderId ? <OrderDeed entry={entry} orderId={orderId} /> : deed(entry, null)}
      <span className={styles.when}> · {age === 'just now' || age === '-' ? age : `${age} ago`}</span>
    </>
  );
  const go = palletId ? () => onPallet(palletId) : orderId ? () => onOrder(orderId) : null;
  return (
    <li className={styles.activity}>
      {go ? (
        <button type="button" className={styles.activityLink} onClick={go}>
          {text}
        </button>
      ) : (
        <span>{text}</span>
      )}
    </li>
  );
});

/** Who did what at the location, live, each entry leading to its pallet on the board or its order. */
export function ActivityPanel({
  now,
  onPallet,
  onOrder,
}: {
  now: number;
  onPallet: (id: string) => void;
  onOrder: (id: string) => void;
}) {
  const feed = useActivity();
  return (
    <section className={styles.panel} aria-labelledby="activity-title">
      <div className={styles.panelHead}>
        <h2 id="activity-title">Activity</h2>
      </div>
      {feed.advice && <p className={styles.hint}>{feed.advice}</p>}
      {feed.status === 'loading' ? (
        <p className={styles.hint}>Loading what happened here…</p>
      ) : feed.entries.length === 0 ? (
        <p className={styles.hint}>Nothing has happened at this location yet.</p>
      ) : (
        <ul className={styles.orders} data-testid="activity">
          {feed.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} now={now} onPallet={onPallet} onOrder={onOrder} />
          ))}
        </ul>
      )}
    </section>
  );
}

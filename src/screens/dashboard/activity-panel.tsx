import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry } from '../../../streams/activity';
import { adBlockerAdvice, analyticsEventTypes } from '../../../streams/analytics';
import { useActivity } from '../../hooks/activity';
import { useOrder } from '../../hooks/live';
import { useFormats } from '../../i18n/format';
import { ageText, grouped, shortId } from '../../ui/format';
import styles from '../../ui/side-panel.module.css';

/**
 * The deeds the feed tells in words, each its message `activity.deed.<deed>`: SPEC 5's event
 * types, and a move out of storage (a location change without a place) as `pallet_taken_out`.
 */
export const deeds = [...analyticsEventTypes, 'pallet_taken_out'] as const;
type Deed = (typeof deeds)[number];

const deedOf = (entry: ActivityEntry): Deed | null => {
  if (entry.type === 'pallet_location_changed' && !entry.place) return 'pallet_taken_out';
  return (deeds as readonly string[]).includes(entry.type) ? (entry.type as Deed) : null;
};

/** What the entry says someone did: "assigned 2 pallets to Jansen", with the order's customer (null: none known). */
function Deed({ entry, customer }: { entry: ActivityEntry; customer: string | null }) {
  const { t } = useTranslation('dashboard');
  const kind = deedOf(entry);
  if (kind === null) return entry.type.replaceAll('_', ' ');
  const pallets =
    entry.count > 1
      ? t('activity.pallets', { count: entry.count, ...grouped(entry.count) })
      : entry.palletId
        ? t('activity.palletId', { id: shortId(entry.palletId) })
        : t('activity.aPallet');
  const { place } = entry;
  return t(`activity.deed.${kind}`, {
    pallets,
    customer: customer ?? t('activity.anOrder'),
    order: customer ? t('activity.orderOf', { customer }) : t('activity.anOrder'),
    place:
      place &&
      (place.rowIndex === null
        ? place.zone
        : t('storage.place', { zone: place.zone, row: place.rowIndex + 1 })),
  });
}

/** The deed of an entry that names an order, with the order's customer as the location has it now. */
function OrderDeed({ entry, orderId }: { entry: ActivityEntry; orderId: string }) {
  const order = useOrder(orderId);
  return <Deed entry={entry} customer={typeof order?.customer === 'string' ? order.customer : null} />;
}

/**
 * One entry: drawn again only when it changed (or the language did), so a read of the feed
 * redraws only its new entries. Only an entry that names an order follows the orders: a batch of
 * pallet changes brings a feed of new entries, each mounted without a subscription of its own.
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
  const format = useFormats();
  const { palletId, orderId } = entry;
  const text = (
    <>
      <strong translate="no">{entry.userName}</strong>{' '}
      {orderId ? <OrderDeed entry={entry} orderId={orderId} /> : <Deed entry={entry} customer={null} />}
      <span className={styles.when}>
        {' · '}
        <time dateTime={entry.at}>{ageText(entry.at, now, format)}</time>
      </span>
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
  const { t } = useTranslation('dashboard');
  const feed = useActivity();
  return (
    <section className={styles.panel} aria-labelledby="activity-title">
      <div className={styles.panelHead}>
        <h2 id="activity-title">{t('activity.title')}</h2>
      </div>
      {feed.advice && (
        <p className={styles.hint}>
          {feed.advice === adBlockerAdvice ? t('activity.adBlocker') : feed.advice}
        </p>
      )}
      {feed.status === 'loading' ? (
        <p className={styles.hint}>{t('activity.loading')}</p>
      ) : feed.entries.length === 0 ? (
        <p className={styles.hint}>{t('activity.empty')}</p>
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

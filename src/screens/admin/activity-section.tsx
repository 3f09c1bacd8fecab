import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityFilterErrors, interventionError } from '../../../streams/admin';
import {
  type ActivityFilters,
  type AnalyticsRead,
  activityEventLimit,
  analyticsEventTypes,
  type EventHistory,
  fillsEventPage,
  type LoggedEvent,
  noActivityFilters,
} from '../../../streams/analytics';
import { useActivityInsights } from '../../hooks/activity-insights';
import { useAdminCommands } from '../../hooks/admin';
import { useChosenLocationName, useLocationId } from '../../hooks/app-state';
import type { InsightState } from '../../hooks/insights';
import { formats, useFormats } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import figures from '../../ui/figures.module.css';
import { FormDialog } from '../../ui/form-dialog';
import { shortId } from '../../ui/format';
import { SelectField } from '../../ui/select-field';
import { FieldError, TextField } from '../../ui/text-field';
import styles from './admin.module.css';
import { AdminTable } from './admin-table';
import { Loaded } from './loaded';
import { useAction } from './use-action';
import { oneField, useFormCheck } from './use-form-check';

const ActivityCharts = lazy(() => import('./activity-charts'));

const when = (iso: string) => formats().dateTime(iso);

/** An event type in the reader's words ("pallet created"); a type the app does not know, as the server names it. */
const typeText = (type: string) =>
  (analyticsEventTypes as readonly string[]).includes(type)
    ? i18n.t(`admin:eventType.${type as (typeof analyticsEventTypes)[number]}`)
    : type.replaceAll('_', ' ');

/** SPEC 8's fallback: what the section shows when no analytics endpoint answered. */
function FallbackNotice({ reads }: { reads: InsightState<unknown>[] }) {
  const fallen = reads.filter(
    (r): r is { status: 'ready'; data: AnalyticsRead<unknown> } =>
      r.status === 'ready' && r.data.source === 'fallback',
  );
  const { t } = useTranslation('admin');
  if (fallen.length === 0) return null;
  // the one advice the reads give: an ad blocker stopped them
  const advice = fallen.some((r) => r.data.advice);
  return (
    <p className={styles.notice} role="status">
      {t('activity.fallback')}
      {advice ? ` ${t('activity.adBlocker')}` : ''}
    </p>
  );
}

/** The events as a table; pallet and order ids open their history, each event takes an intervention. */
function EventTable({
  label,
  state,
  onHistory,
  onIntervene,
}: {
  label: string;
  state: InsightState<LoggedEvent[]>;
  onHistory: (history: EventHistory) => void;
  onIntervene: (event: LoggedEvent) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Loaded state={state}>
      {({ data: events }) => (
        <AdminTable
          label={label}
          columns={[
            t('activity.column.when'),
            t('activity.column.event'),
            t('activity.column.by'),
            t('activity.column.pallet'),
            t('activity.column.order'),
            t('activity.column.notes'),
          ]}
          empty={events.length === 0 ? t('activity.noEvents') : null}
        >
          {events.map((event) => (
            <tr key={event.id} data-event-type={event.eventType}>
              <td>
                <time dateTime={event.createdAt}>{when(event.createdAt)}</time>
              </td>
              <td>{typeText(event.eventType)}</td>
              <td>
                {event.username === null ? (
                  t('activity.someone')
                ) : (
                  <span translate="no">{event.username}</span>
                )}
              </td>
              <td>
                {event.palletId && <HistoryLink kind="pallet" id={event.palletId} onHistory={onHistory} />}
              </td>
              <td>
                {event.orderId && <HistoryLink kind="order" id={event.orderId} onHistory={onHistory} />}
              </td>
              <td translate="no">{event.notes}</td>
              <td>
                <Button
                  onClick={() => onIntervene(event)}
                  aria-label={t('activity.interveneName', {
                    type: typeText(event.eventType),
                    when: when(event.createdAt),
                  })}
                >
                  {t('activity.intervene')}
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </Loaded>
  );
}

/** A pallet's or an order's short id, opening its history. */
function HistoryLink({
  kind,
  id,
  onHistory,
}: {
  kind: EventHistory['kind'];
  id: string;
  onHistory: (history: EventHistory) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <button
      type="button"
      className={`${styles.link} ${styles.mono}`}
      onClick={() => onHistory({ kind, id })}
      aria-label={t(`activity.historyOf.${kind}`, { id: shortId(id) })}
      translate="no"
    >
      {shortId(id)}
    </button>
  );
}

/** The intervention form of SPEC 7: what someone did about an event, logged as intervention_added. */
function InterventionDialog({ event, onClose }: { event: LoggedEvent; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const commands = useAdminCommands();
  const { save } = useAction();
  const [notes, setNotes] = useState('');
  const { errors, attempt } = useFormCheck(notes, (n) => oneField('notes', interventionError(n)));
  const record = () =>
    attempt() && save(() => commands.addIntervention(event.id, notes.trim()), t('activity.recorded'));
  const by = event.username ?? t('activity.someoneLower');
  return (
    <FormDialog
      title={t('activity.interventionTitle', { type: typeText(event.eventType) })}
      action={t('activity.record')}
      className={styles.section}
      onClose={onClose}
      onSubmit={record}
    >
      <p className={styles.muted}>
        {event.palletId
          ? t('activity.eventOfPallet', { when: when(event.createdAt), by, id: shortId(event.palletId) })
          : t('activity.eventBy', { when: when(event.createdAt), by })}
      </p>
      <label htmlFor="intervention-notes" className={styles.muted}>
        {t('activity.whatWasDone')}
      </label>
      <textarea
        id="intervention-notes"
        className={styles.textarea}
        value={notes}
        aria-invalid={errors.notes ? true : undefined}
        aria-describedby={errors.notes ? 'intervention-error' : undefined}
        onChange={(e) => setNotes(e.target.value)}
      />
      {errors.notes && <FieldError id="intervention-error" message={errors.notes} />}
    </FormDialog>
  );
}

/**
 * Activity: SPEC 7's reads of the chosen location: events filtered by date, type, user, pallet and
 * order; a pallet's or an order's history; stats and user activity as charts; interventions.
 */
export default function ActivitySection() {
  const { t } = useTranslation('admin');
  const format = useFormats();
  const locationId = useLocationId() ?? '';
  const place = useChosenLocationName() ?? '…';
  const [draft, setDraft] = useState<ActivityFilters>(noActivityFilters);
  const [applied, setApplied] = useState<ActivityFilters>(noActivityFilters);
  const { errors, attempt } = useFormCheck(draft, activityFilterErrors);
  const [history, setHistory] = useState<EventHistory | null>(null);
  const [intervening, setIntervening] = useState<LoggedEvent | null>(null);
  const { types, stats, people, events, trail } = useActivityInsights(applied, locationId, history);

  const change = (patch: Partial<ActivityFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (attempt()) setApplied(draft);
  };
  const users = people.status === 'ready' ? people.data.data : [];
  const byType =
    stats.status === 'ready'
      ? Object.entries(stats.data.data.eventsByType)
          .map(([name, count]) => ({ name: typeText(name), count }))
          .sort((a, b) => b.count - a.count)
      : [];
  const byUser = users.map((u) => ({ name: u.username ?? t('activity.someone'), count: u.eventCount }));

  return (
    <section className={styles.section} aria-labelledby="activity-heading">
      <h2 id="activity-heading">
        {t('activity.heading')} <span translate="no">{place}</span>
      </h2>
      <FallbackNotice reads={[types, stats, people, events]} />
      <form className={styles.inline} onSubmit={apply} aria-label={t('activity.filters')} noValidate>
        <TextField
          label={t('activity.from')}
          type="date"
          value={draft.startDate}
          onChange={(e) => change({ startDate: e.target.value })}
        />
        <TextField
          label={t('activity.to')}
          type="date"
          value={draft.endDate}
          error={errors.endDate}
          onChange={(e) => change({ endDate: e.target.value })}
        />
        <SelectField
          label={t('activity.eventType')}
          value={draft.eventType}
          choices={[
            { value: '', label: t('activity.allTypes') },
            ...(types.status === 'ready' ? types.data.data : []).map((t) => ({
              value: t,
              label: typeText(t),
            })),
          ]}
          onChange={(eventType) => change({ eventType })}
        />
        <SelectField
          label={t('activity.user')}
          value={draft.userId}
          choices={[{ value: '', label: t('activity.everyone') }]}
          onChange={(userId) => change({ userId })}
        >
          {users.map((u) => (
            <option key={u.userId} value={u.userId} translate="no">
              {u.username ?? u.userId}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('activity.palletId')}
          value={draft.palletId}
          error={errors.palletId}
          onChange={(e) => change({ palletId: e.target.value })}
        />
        <TextField
          label={t('activity.orderId')}
          value={draft.orderId}
          error={errors.orderId}
          onChange={(e) => change({ orderId: e.target.value })}
        />
        <Button type="submit" variant="primary">
          {t('activity.show')}
        </Button>
        <Button
          onClick={() => {
            setDraft(noActivityFilters);
            setApplied(noActivityFilters);
          }}
        >
          {t('activity.clear')}
        </Button>
      </form>
      <p className={styles.muted}>{t('activity.lead')}</p>
      {stats.status === 'ready' && (
        <dl className={styles.figures} aria-label={t('activity.figures')}>
          <div className={figures.figure}>
            <dt>{t('activity.events')}</dt>
            <dd data-figure="events">{format.number(stats.data.data.totalEvents)}</dd>
          </div>
          <div className={figures.figure}>
            <dt>{t('activity.people')}</dt>
            <dd data-figure="users">{format.number(stats.data.data.uniqueUsers)}</dd>
          </div>
        </dl>
      )}
      <Suspense fallback={<p className={styles.muted}>{t('activity.loadingCharts')}</p>}>
        <ActivityCharts byType={byType} byUser={byUser} />
      </Suspense>
      {history && (
        <div className={styles.section}>
          <div className={styles.head}>
            <h3 id="history-heading">
              {t(`activity.historyOf.${history.kind}`, { id: shortId(history.id) })}
            </h3>
            <span className={styles.spring} />
            <Button variant="ghost" onClick={() => setHistory(null)}>
              {t('activity.closeHistory')}
            </Button>
          </div>
          <EventTable
            label={t(`activity.historyOf.${history.kind}`, { id: shortId(history.id) })}
            state={trail}
            onHistory={setHistory}
            onIntervene={setIntervening}
          />
        </div>
      )}
      <h3>
        {events.status === 'ready' && fillsEventPage(events.data.data)
          ? t('activity.latestEvents', { count: activityEventLimit })
          : t('activity.events')}
      </h3>
      <EventTable
        label={t('activity.events')}
        state={events}
        onHistory={setHistory}
        onIntervene={setIntervening}
      />
      {intervening && <InterventionDialog event={intervening} onClose={() => setIntervening(null)} />}
    </section>
  );
}

import type { ParseKeys } from 'i18next';
import Wifi from 'lucide-react/icons/wifi';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionHealth, ConnectionState } from '../../streams/connection/types';
import { useFormats } from '../i18n/format';
import { specText } from '../shell/api-error';
import styles from './connection-badge.module.css';
import { Icon } from './icon';

/** The real-time connection state the badge shows; null while unknown. */
export type BadgeConnection = ConnectionState | null;

type Message = ParseKeys<'common'>;
type Look = { text: Message; detail: Message; tone: 'good' | 'busy' | 'bad' | 'idle' };

/** SPEC 8's badge texts and details for a connection state, as keys of the `common` catalogue. */
export function badgeLook(state: BadgeConnection): Look {
  switch (state?.name) {
    case 'CONNECTED':
      return { text: 'connection.connected', detail: 'connection.detailConnected', tone: 'good' };
    case 'CONNECTING':
      return { text: 'connection.connecting', detail: 'connection.detailConnecting', tone: 'busy' };
    case 'DISCONNECTED':
      return { text: 'connection.disconnected', detail: 'connection.detailLost', tone: 'idle' };
    case 'ERROR':
      return { text: 'connection.error', detail: 'connection.detailLost', tone: 'bad' };
    case 'FAILED':
      return { text: 'connection.error', detail: 'connection.detailFailed', tone: 'bad' };
    default:
      return { text: 'connection.unknown', detail: 'connection.detailUnknown', tone: 'idle' };
  }
}

/**
 * Connection-status badge with its detail on hover or keyboard focus: SPEC 8's sentence, why and
 * which attempt, and SPEC 4's quality with the last latency and the errors in a row. Not shown on
 * mobile.
 */
export function ConnectionBadge({
  state,
  health = null,
  mobile,
}: {
  state: BadgeConnection;
  health?: ConnectionHealth | null;
  mobile: boolean;
}) {
  const tipId = useId();
  const { t } = useTranslation();
  const format = useFormats();
  if (mobile) return null;
  const look = badgeLook(state);
  return (
    // a button so that keyboard users reach it and read the detail
    <button
      type="button"
      className={`${styles.badge} ${styles[look.tone]}`}
      aria-describedby={tipId}
      data-state={state?.name ?? 'UNKNOWN'}
    >
      <Icon of={look.tone === 'good' || look.tone === 'busy' ? Wifi : WifiOff} size={18} />
      <span>{t(look.text)}</span>
      <span role="tooltip" id={tipId} className={styles.tip}>
        {t(look.detail)}
        {state?.reason && <span className={styles.reason}>{specText(state.reason)}</span>}
        {!!state?.attempt && (
          <span className={styles.reason}>{t('connection.attempt', { attempt: state.attempt })}</span>
        )}
        {health && (
          <span className={styles.health} data-quality={health.quality}>
            <span>{t('health.quality', { quality: t(`health.qualityName.${health.quality}`) })}</span>
            <span>
              {health.latencyMs === null
                ? t('health.latencyUnknown')
                : t('health.latency', { ms: format.number(Math.round(health.latencyMs)) })}
            </span>
            <span>{t('health.errors', { errors: format.number(health.errors) })}</span>
          </span>
        )}
      </span>
    </button>
  );
}

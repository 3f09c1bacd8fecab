import { useId } from 'react';
import type { ConnectionState } from '../../streams/connection/types';
import styles from './connection-badge.module.css';
import { Icon } from './icon';

/** The real-time connection state the badge shows; null while unknown. */
export type BadgeConnection = ConnectionState | null;

type Look = { text: string; detail: string; tone: 'good' | 'busy' | 'bad' | 'idle' };

/** SPEC 8's badge texts and details for a connection state. */
export function badgeLook(state: BadgeConnection): Look {
  switch (state?.name) {
    case 'CONNECTED':
      return { text: 'Connected', detail: 'You are connected and receiving real-time updates', tone: 'good' };
    case 'CONNECTING':
      return { text: 'Connecting...', detail: 'Attempting to establish connection...', tone: 'busy' };
    case 'DISCONNECTED':
      return {
        text: 'Disconnected',
        detail: 'Connection lost. Will attempt to reconnect automatically.',
        tone: 'idle',
      };
    case 'ERROR':
      return {
        text: 'Connection Error',
        detail: 'Connection lost. Will attempt to reconnect automatically.',
        tone: 'bad',
      };
    case 'FAILED':
      return { text: 'Connection Error', detail: 'Failed to connect. Please refresh the page.', tone: 'bad' };
    default:
      return { text: 'Unknown', detail: 'Connection state unknown', tone: 'idle' };
  }
}

/** Connection-status badge with its detail on hover or keyboard focus; not shown on mobile. */
export function ConnectionBadge({ state, mobile }: { state: BadgeConnection; mobile: boolean }) {
  const tipId = useId();
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
      <Icon name={look.tone === 'good' || look.tone === 'busy' ? 'wifi-on' : 'wifi-off'} size={18} />
      <span>{look.text}</span>
      <span role="tooltip" id={tipId} className={styles.tip}>
        {look.detail}
        {state?.reason && <span className={styles.reason}>{state.reason}</span>}
        {!!state?.attempt && <span className={styles.reason}>Reconnect attempt {state.attempt}</span>}
      </span>
    </button>
  );
}

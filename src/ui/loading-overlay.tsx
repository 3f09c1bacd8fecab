import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import styles from './loading-overlay.module.css';

/**
 * Full-screen overlay that blocks the page while an action that must not be interrupted runs:
 * pointer and keys alike (a key would still reach the control that has focus behind it). It
 * fades in only when the action lasts, so a quick one does not flash.
 */
export function LoadingOverlay({ show, text }: { show: boolean; text?: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!show) return;
    const stop = (event: KeyboardEvent) => {
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', stop, true);
    return () => window.removeEventListener('keydown', stop, true);
  }, [show]);
  if (!show) return null;
  return (
    <div className={styles.overlay} role="alert" aria-busy="true" aria-live="assertive">
      <div className={styles.panel}>
        <Icon of={LoaderCircle} size={36} />
        <span>{text ?? t('processing')}</span>
      </div>
    </div>
  );
}

/** Small processing indicator in the bottom-right corner that leaves the page usable. */
export function ProcessingIndicator({ show, text }: { show: boolean; text?: string }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <div className={styles.corner} role="status">
      <Icon of={LoaderCircle} size={18} />
      <span>{text ?? t('processing')}</span>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import styles from './status-badge.module.css';

/** Status badge variants of SPEC 2: freshness, ripening progress, temperature, stock level. */
export const statusVariants = [
  'fresh',
  'ripening',
  'near_expiry',
  'urgent',
  'cold',
  'ambient',
  'normal',
  'low',
] as const;
export type StatusVariant = (typeof statusVariants)[number];

/** A small labelled badge; ripening may show its progress in percent. */
export function StatusBadge({ variant, progress }: { variant: StatusVariant; progress?: number }) {
  const { t } = useTranslation();
  const shown =
    variant === 'ripening' && progress !== undefined
      ? Math.round(Math.min(100, Math.max(0, progress)))
      : null;
  return (
    <span className={`${styles.badge} ${styles[variant]}`} data-variant={variant}>
      {t(`status.${variant}`)}
      {shown !== null && (
        <>
          <span className={styles.progress} aria-hidden="true">
            <span style={{ width: `${shown}%` }} />
          </span>
          <span>{shown}%</span>
        </>
      )}
    </span>
  );
}

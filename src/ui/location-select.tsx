import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocationOption } from '../../streams/session/location-schema';
import styles from './field.module.css';

/** The location picker labelled "Select Location" (SPEC 2). */
export function LocationSelect({
  locations,
  value,
  onChange,
  compact,
}: {
  locations: readonly LocationOption[];
  value: string | null;
  onChange: (id: string) => void;
  /** Keeps the label for assistive technology only (in the header). */
  compact?: boolean;
}) {
  const id = useId();
  const { t } = useTranslation();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : styles.label}>
        {t('location.select')}
      </label>
      <select
        id={id}
        className={styles.control}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        {value === null && (
          <option value="" disabled>
            {t('location.choose')}
          </option>
        )}
        {locations.map((l) => (
          <option key={l.id} value={l.id} translate="no">
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}

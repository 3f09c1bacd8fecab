import { useId } from 'react';
import styles from './field.module.css';

export type LocationOption = { id: string; name: string };

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
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : styles.label}>
        Select Location
      </label>
      <select
        id={id}
        className={styles.control}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        {value === null && (
          <option value="" disabled>
            Choose a location…
          </option>
        )}
        {locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}

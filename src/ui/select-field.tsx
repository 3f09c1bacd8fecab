import { type ReactNode, useId } from 'react';
import styles from './field.module.css';

/** One choice of a select: its value and what people read; `data` when it reads a value as it is (a name, a catalogue value), never translated. */
export type Choice = { value: string; label: string; data?: boolean };

/** A labelled select of `choices`, then any further options given as children. */
export function SelectField({
  label,
  value,
  choices,
  onChange,
  className,
  children,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.control} value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value} translate={c.data ? 'no' : undefined}>
            {c.label}
          </option>
        ))}
        {children}
      </select>
    </div>
  );
}

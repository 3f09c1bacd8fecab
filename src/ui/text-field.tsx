import { type InputHTMLAttributes, useId } from 'react';
import styles from './field.module.css';

/** A labelled text input, 44 px tall. */
export function TextField({ label, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={styles.control} {...rest} />
    </div>
  );
}

/** A labelled checkbox with a 44 px hit area. */
export function CheckField({ label, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" {...rest} />
      {label}
    </label>
  );
}

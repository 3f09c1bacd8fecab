import { type ComponentProps, type InputHTMLAttributes, useId } from 'react';
import styles from './field.module.css';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  /** What is wrong with the value, shown under it and read with it; nothing when null. */
  error?: string | null;
};

/** A labelled text input, 44 px tall, with its error under it when it has one. */
export function TextField({ label, error, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

/** A field's error line, for fields that are not a TextField (a group of checkboxes). */
export function FieldError({ id, message }: { id?: string; message: string }) {
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
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

import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  block?: boolean;
  /** A square 44 px button holding only an icon; give it an aria-label. */
  iconOnly?: boolean;
};

/** The one button of the product: at least 44 px tall (SPEC 9 touch target). */
export function Button({
  variant = 'secondary',
  block,
  iconOnly,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[
        styles.button,
        styles[variant],
        block ? styles.block : '',
        iconOnly ? styles.iconOnly : '',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      {...rest}
    />
  );
}

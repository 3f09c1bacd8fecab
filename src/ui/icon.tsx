import type { SVGProps } from 'react';
import styles from './icon.module.css';

/** Names of the icons of SPEC 2, and the pallet actions'. */
export type IconName =
  | 'alert'
  | 'check'
  | 'info'
  | 'loader'
  | 'warning'
  | 'wifi-on'
  | 'wifi-off'
  | 'close'
  | 'qr'
  | 'edit'
  | 'trash'
  | 'sort'
  | 'sort-up'
  | 'sort-down';

const paths: Record<IconName, string> = {
  alert: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 5v6m0 3.5v.5',
  check: 'M4 12.5l5 5L20 6.5',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 9v6m0-10v.5',
  loader: 'M12 3a9 9 0 1 0 9 9',
  warning: 'M12 3 2 20h20L12 3Zm0 6v5m0 3v.5',
  'wifi-on': 'M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01',
  'wifi-off': 'M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01M3 3l18 18',
  close: 'M6 6l12 12M18 6 6 18',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2',
  edit: 'M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  sort: 'M8 9l4-4 4 4M8 15l4 4 4-4',
  'sort-up': 'M12 19V5M6 11l6-6 6 6',
  'sort-down': 'M12 5v14M6 13l6 6 6-6',
};

type IconProps = SVGProps<SVGSVGElement> & {
  name: IconName;
  /** Accessible name; without one the icon is decorative and hidden from assistive technology. */
  label?: string;
  size?: number;
};

/** A stroked 24×24 icon drawn in the current text colour. */
export function Icon({ name, label, size = 20, className, ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-icon={name}
      className={[styles.icon, name === 'loader' ? styles.spin : '', className].filter(Boolean).join(' ')}
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}

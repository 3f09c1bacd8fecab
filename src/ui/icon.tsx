import type { LucideIcon } from 'lucide-react';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import Check from 'lucide-react/icons/check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Info from 'lucide-react/icons/info';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Pencil from 'lucide-react/icons/pencil';
import QrCode from 'lucide-react/icons/qr-code';
import Trash2 from 'lucide-react/icons/trash-2';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Wifi from 'lucide-react/icons/wifi';
import WifiOff from 'lucide-react/icons/wifi-off';
import X from 'lucide-react/icons/x';
import type { SVGProps } from 'react';
import styles from './icon.module.css';

/** The icons of SPEC 2 and the pallet actions', each one lucide icon (the navigation's: `shell/nav-icon`). */
const icons = {
  alert: CircleAlert,
  check: Check,
  info: Info,
  loader: LoaderCircle,
  warning: TriangleAlert,
  'wifi-on': Wifi,
  'wifi-off': WifiOff,
  close: X,
  qr: QrCode,
  edit: Pencil,
  trash: Trash2,
  // a table's head: sortable, sorted ascending, sorted descending
  sort: ArrowUpDown,
  'sort-up': ArrowUp,
  'sort-down': ArrowDown,
} satisfies Record<string, LucideIcon>;

/** Names of the icons. */
export type IconName = keyof typeof icons;

type IconProps = SVGProps<SVGSVGElement> & {
  name: IconName;
  /** Accessible name; without one the icon is decorative and hidden from assistive technology. */
  label?: string;
  size?: number;
};

/** A stroked 24×24 icon drawn in the current text colour. */
export function Icon({ name, label, size = 20, className, ...rest }: IconProps) {
  const Drawn = icons[name];
  return (
    <Drawn
      size={size}
      strokeWidth={2}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-icon={name}
      className={[styles.icon, name === 'loader' ? styles.spin : '', className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}

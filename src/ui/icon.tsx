import type { LucideIcon } from 'lucide-react';
import Boxes from 'lucide-react/icons/boxes';
import Check from 'lucide-react/icons/check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleUserRound from 'lucide-react/icons/circle-user-round';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Info from 'lucide-react/icons/info';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import PackageCheck from 'lucide-react/icons/package-check';
import PackagePlus from 'lucide-react/icons/package-plus';
import Pencil from 'lucide-react/icons/pencil';
import Printer from 'lucide-react/icons/printer';
import QrCode from 'lucide-react/icons/qr-code';
import ScanLine from 'lucide-react/icons/scan-line';
import Shield from 'lucide-react/icons/shield';
import Trash2 from 'lucide-react/icons/trash-2';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Truck from 'lucide-react/icons/truck';
import Warehouse from 'lucide-react/icons/warehouse';
import Wifi from 'lucide-react/icons/wifi';
import WifiOff from 'lucide-react/icons/wifi-off';
import X from 'lucide-react/icons/x';
import type { SVGProps } from 'react';
import styles from './icon.module.css';

/** The icons of SPEC 2, the pallet actions' and the navigation's, each one lucide icon. */
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
  dashboard: LayoutDashboard,
  inventory: Boxes,
  sorting: PackagePlus,
  kleinpak: PackageCheck,
  logistics: Truck,
  admin: Shield,
  printers: Printer,
  scan: ScanLine,
  storage: Warehouse,
  orders: ClipboardList,
  account: CircleUserRound,
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

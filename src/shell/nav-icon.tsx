import Boxes from 'lucide-react/icons/boxes';
import CircleUserRound from 'lucide-react/icons/circle-user-round';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import PackageCheck from 'lucide-react/icons/package-check';
import PackagePlus from 'lucide-react/icons/package-plus';
import Printer from 'lucide-react/icons/printer';
import ScanLine from 'lucide-react/icons/scan-line';
import Shield from 'lucide-react/icons/shield';
import Truck from 'lucide-react/icons/truck';
import Warehouse from 'lucide-react/icons/warehouse';
import type { NavItem } from './nav';

/** Each navigation entry's lucide icon (with the shell's chunk, not the sign-in's). */
const icons: Record<NavItem['name'], typeof Boxes> = {
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
};

/** A navigation entry's icon, decorative: the entry's word names the link (and stays for screen readers in a collapsed sidebar). */
export function NavIcon({ name }: { name: NavItem['name'] }) {
  const Drawn = icons[name];
  return <Drawn size={20} strokeWidth={2} aria-hidden data-icon={name} />;
}

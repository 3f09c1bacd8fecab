import { ScreenPlaceholder } from '../placeholder';

/** Dashboard. */
export default function DashboardScreen() {
  return (
    <ScreenPlaceholder
      title="Dashboard"
      summary="Pallets, orders and storage of this location, updated live."
    />
  );
}

import { ScreenPlaceholder } from '../placeholder';

/** Inventory. */
export default function InventoryScreen() {
  return (
    <ScreenPlaceholder
      title="Inventory"
      summary="Stock of this location by tomato type, box type and option."
    />
  );
}

import { ScreenPlaceholder } from '../placeholder';

/** Operator. */
export default function MobileOperatorScreen() {
  return (
    <ScreenPlaceholder
      title="Operator"
      summary="Scan a pallet label to look it up, store it or assign it to an order."
    />
  );
}

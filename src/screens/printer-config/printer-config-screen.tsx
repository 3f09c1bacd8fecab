import { ScreenPlaceholder } from '../placeholder';

/** Printers. */
export default function PrinterConfigScreen() {
  return <ScreenPlaceholder title="Printers" summary="Label printers of this location and a test print." />;
}

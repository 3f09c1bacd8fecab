import type { Pallet } from '../../../streams/live';
import { usePrintJobs } from '../../hooks/printers';
import { PalletLabels } from '../../ui/pallet-labels';
import { PrintLabelButton } from '../../ui/print-label-button';
import { PalletQrModal } from '../../ui/qr-modal';

/** A pallet's QR dialog on the desk: its facts, "Print label", and the labels printed of it. */
export function PalletQrDialog({
  pallet,
  onClose,
  onBrowserPrint,
}: {
  pallet: Pallet;
  onClose: () => void;
  onBrowserPrint: () => void;
}) {
  const labels = usePrintJobs(pallet.id);
  return (
    <PalletQrModal
      pallet={pallet}
      onClose={onClose}
      footer={
        <PrintLabelButton palletId={pallet.id} onBrowserPrint={onBrowserPrint} onPrinted={labels.reload} />
      }
    >
      <PalletLabels jobs={labels.jobs} />
    </PalletQrModal>
  );
}

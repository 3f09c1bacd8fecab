import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inStock, type Pallet } from '../../streams/live';
import { apiErrorText } from '../shell/api-error';
import { shortId } from '../ui/format';
import { useToasts } from '../ui/toasts';
import { useProcessedToday } from './consoles';
import { usePallet } from './live';
import { usePalletCommands } from './pallet-commands';
import { type ScanType, usePalletScan } from './pallet-scan';

/**
 * Small packing, whatever screen shows it (the desk's console, the phone's): a reading picks a
 * pallet, "Mark processed" processes it (a refusal, such as a pallet on an order, toasts the
 * server's reason), and the day's processed pallets and kg.
 */
export function useKleinpak() {
  const { t } = useTranslation('consoles');
  const scan = usePalletScan();
  const commands = usePalletCommands();
  const toasts = useToasts();
  const [notice, setNotice] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** The server's reason for the last refusal, kept until the next reading. */
  const [refused, setRefused] = useState<string | null>(null);
  const selected = usePallet(selectedId ?? '');
  const processed = useProcessedToday();
  const processedKg = processed.pallets.reduce((sum, p) => sum + (Number(p.weight) || 0), 0);

  /** A scanned or typed reading: picks its pallet, or says no pallet has it. */
  const read = (reading: string, how: ScanType) => {
    const found = scan(reading, how, 'kleinpak');
    setRefused(null);
    if (!found) return setNotice(t('kleinpak.noSuchPallet', { reading: reading.trim() }));
    // whether the location has it is read from the live pallet below, as it renders
    setNotice(null);
    setSelectedId(found.id);
  };

  const process = async (pallet: Pallet) => {
    setBusy(pallet.id);
    try {
      await commands.process(pallet.id);
      toasts.notify(t('kleinpak.processed', { id: shortId(pallet.id) }), { variant: 'success' });
      setSelectedId((id) => (id === pallet.id ? null : id));
    } catch (failure) {
      setRefused(apiErrorText(failure));
      toasts.notify(apiErrorText(failure), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const statusText = (status: unknown) =>
    status === 'shipped'
      ? t('palletStatus.shipped')
      : status === 'processed'
        ? t('palletStatus.processed')
        : String(status);
  const current = selected && inStock(selected) ? selected : null;
  /** Why the picked pallet cannot be processed here (gone, shipped, processed), or null. */
  const blocked =
    selectedId !== null && !current
      ? selected
        ? t('kleinpak.cannotProcess', { id: shortId(selectedId), status: statusText(selected.status) })
        : t('kleinpak.notHere', { id: shortId(selectedId) })
      : null;

  return { read, notice, current, blocked, refused, busy, process, processed, processedKg };
}

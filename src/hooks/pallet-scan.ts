import { useCallback } from 'react';
import { decodePalletQr } from '../../streams/qr';
import { findPalletId } from '../../streams/scan';
import type { StorageLike } from '../../streams/session';
import { randomUuid } from '../offline/random-key';
import { useServices } from '../services';
import { useLocationId, useUser } from './app-state';
import { usePalletIds, usePalletLookup } from './live';

/** How a reading came in (SPEC 5 scan_type): the camera's QR, a hardware scanner, typed by hand. */
export type ScanType = 'qr' | 'barcode' | 'manual';

const deviceKey = 'scanDeviceId';

/** This phone's id for scan analytics: made once and kept, so a device's scans can be told apart. */
function scanDeviceId(storage: StorageLike): string {
  const known = storage.getItem(deviceKey);
  if (known) return known;
  const made = randomUuid();
  storage.setItem(deviceKey, made);
  return made;
}

/** A scanned pallet: its id (as SPEC 3's QR rules read it) and the location's pallet, if it has it. */
export interface ScannedPallet {
  id: string;
  palletType?: string;
  /** Whether the chosen location has this pallet. */
  known: boolean;
}

/**
 * Reads a scan or a typed id into the pallet it names and logs `pallet_scanned` (SPEC 5) with
 * how and where it was scanned; null when the text names no pallet at all.
 */
export function usePalletScan(): (
  text: string,
  scanType: ScanType,
  scanLocation: string,
) => ScannedPallet | null {
  const { analytics, storage } = useServices();
  const user = useUser();
  const locationId = useLocationId();
  const ids = usePalletIds();
  const lookup = usePalletLookup();
  return useCallback(
    (text, scanType, scanLocation) => {
      const id = findPalletId(text, ids) ?? decodePalletQr(text);
      if (id === null) return null;
      const pallet = lookup(id);
      void analytics.track({
        event_type: 'pallet_scanned',
        pallet_id: id,
        user_id: user?.id ?? null,
        location_id: locationId,
        scan_type: scanType,
        scan_location: scanLocation,
        scan_device_id: scanDeviceId(storage),
      });
      return { id, palletType: pallet?.palletType, known: pallet !== undefined };
    },
    [analytics, storage, user, locationId, ids, lookup],
  );
}

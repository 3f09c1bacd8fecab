/** Scanning on a page: keyboard-wedge scanner readings, camera readings once per sighting, and finding the pallet a scan or a search names. */
export { findPalletId, idPrefixMinLength } from './find-pallet';
export { oncePerSighting } from './once-per-sighting';
export { scannerMinLength, scannerReadings } from './scanner-readings';

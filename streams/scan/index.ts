/** Scanning on a page: keyboard-wedge scanner readings, the camera's pace and its readings once per sighting, and finding the pallet a scan or a search names. */
export { findPalletId, idPrefixMinLength } from './find-pallet';
export { oncePerSighting } from './once-per-sighting';
export { readEvery } from './read-every';
export { scannerMinLength, scannerReadings } from './scanner-readings';

/** Scanning on a page: keyboard-wedge scanner readings, and finding the pallet a scan or a search names. */
export { findPalletId, idPrefixMinLength } from './find-pallet';
export { scannerKeyGapMs, scannerMinLength, scannerReadings } from './scanner-readings';

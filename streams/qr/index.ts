/** The pallet QR payload codec of SPEC 3/5: `encodePalletQr(id)` for labels, `decodePalletQr(scan)` for scans. */
export { decodePalletQr, encodePalletQr, invalidQrPalletIdMessage } from './codec';

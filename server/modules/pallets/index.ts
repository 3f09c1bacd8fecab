/** What other parts of the server may use of the pallets module; its routes are registered by the app. */

export type { PalletDoc } from './repository';
export { findPallet, findPallets, palletState, shipPallets } from './repository';
export { palletIdList } from './schemas';
export { loadPallet, loadPalletsIn, palletUpdate } from './service';

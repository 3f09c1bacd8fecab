/**
 * The inventory of a location (issue 20): stock sums by attribute, zone and age, each pallet's
 * age bucket by its type's thresholds, and the CSV export of pallets. Pure functions over the
 * live store's pallets and zones.
 */

export {
  type AgeBucket,
  ageBucket,
  ageBuckets,
  ageInDays,
  type InventorySettings,
  settingsFor,
  stockLevel,
  type TypeSettings,
} from './ageing';
export { type CsvColumn, type CsvRow, csvColumns, csvFileName, csvRow, toCsv } from './csv';
export { type InventorySource, inventoryKey, livePalletsOn, liveStock } from './live';
export {
  type KeyContext,
  keyOf,
  notStored,
  palletsOn,
  type Stock,
  type StockDimension,
  type StockFilter,
  type StockRow,
  stockSums,
  unknownValue,
} from './stock';

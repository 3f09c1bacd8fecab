import type { StockDimension } from '../../../streams/inventory';

/** The age buckets as the badges read. */
export const ageLabels: Record<string, string> = {
  fresh: 'Fresh',
  ripening: 'Ripening',
  near_expiry: 'Near expiry',
  urgent: 'Urgent',
};

/** The dimensions as SPEC 3's filter labels name them. */
export const dimensionLabels: Record<StockDimension, string> = {
  tomatoType: 'Tomato type',
  boxType: 'Box type',
  tomatoOption: 'Option',
  palletType: 'Pallet type',
  zone: 'Zone',
  age: 'Age',
};

/** Label printing: the pallet label's layout, SSCCs, test labels and print jobs. */
export * from './label-layout';
export * from './label-words';
export * from './print-job';
export * from './sscc';
export * from './test-label';

/** Label printing: the pallet label's layout, SSCCs, test labels, print jobs and printers' host status. */

export * from './host-status';
export * from './label-layout';
export * from './label-words';
export * from './poll-status';
export * from './print-job';
export * from './printer-status';
export * from './sscc';
export * from './status-reply';
export * from './test-label';

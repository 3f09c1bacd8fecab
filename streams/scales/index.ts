/** Network scales: their lines in MT-SICS and continuous output, stability, and what a screen is sent. */

export * from './changed-weights';
export * from './scale';
export * from './scale-feed';
export * from './scale-line';
export * from './scale-signal';
export * from './stable-weight';
export * from './throttle-readings';
export * from './weight-to-take';
export * from './wire-lines';

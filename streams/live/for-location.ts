import type { LiveEvent } from './types';

/** Whether an event belongs to the location; events naming no location do (SPEC 4, 5). */
export const isForLocation = (event: LiveEvent, locationId: string): boolean =>
  event.locationId === null || event.locationId === locationId;

import { filter, type MonoTypeOperatorFunction } from 'rxjs';
import type { LiveEvent } from './types';

/** Whether an event belongs to the location; events naming no location do (SPEC 4, 5). */
export const isForLocation = (event: LiveEvent, locationId: string): boolean =>
  event.locationId === null || event.locationId === locationId;

/** Operator: keeps the events of `locationId` and those naming no location (SPEC 4, 5). */
export function forLocation(locationId: string): MonoTypeOperatorFunction<LiveEvent> {
  return filter((event) => isForLocation(event, locationId));
}

/** The analytics event types SPEC 5 allows. */
export const analyticsEventTypes = [
  'pallet_created',
  'pallet_updated',
  'pallet_deleted',
  'pallet_assigned',
  'pallet_unassigned',
  'pallet_shipped',
  'pallet_returned',
  'pallet_split',
  'pallet_location_changed',
  'pallet_status_changed',
  'pallet_scanned',
  'qr_scanned',
  'barcode_scanned',
  'pallet_processed',
  'pallet_shipped_aged_out',
  'batch_aged_pallets_processed',
  'workflow_completed',
  'order_created',
  'order_updated',
  'order_deleted',
  'order_shipped',
  'order_complete',
  'order_assigned',
  'intervention_added',
  'system_update',
  'error',
  'rejected',
] as const;

/** One of SPEC 5's event types. */
export type AnalyticsEventType = (typeof analyticsEventTypes)[number];

/** An analytics event of SPEC 3 as the app builds it (location_id may be a number; it is sent as text). */
export interface AnalyticsEvent {
  event_type?: string | null;
  pallet_id?: string | null;
  order_id?: string | null;
  user_id?: string | null;
  location_id?: string | number | null;
  notes?: string | null;
  previous_state?: unknown;
  new_state?: unknown;
  scan_type?: string | null;
  scan_location?: string | null;
  scan_device_id?: string | null;
}

/** The validation messages of SPEC 8. */
export const analyticsMessages = {
  eventTypeRequired: 'event_type is required',
  userIdRequired: 'user_id is required',
  locationIdRequired: 'location_id is required',
  locationIdNull: 'location_id cannot be null or undefined',
  eventTypeNotAllowed: 'event_type is not allowed',
  invalidUuid: 'must be a valid UUID format',
} as const;

const allowed = new Set<string>(analyticsEventTypes);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const blank = (value: unknown) => value === undefined || value === null || value === '';

/** Whether `value` is a UUID (any version, as the server issues v4 and v7). */
export const isUuid = (value: unknown): boolean => typeof value === 'string' && uuid.test(value);

/**
 * SPEC 5's checks, one message per failing field (the server's 422 `details` use the same): event_type,
 * user_id and location_id required (location_id 0 allowed, null not), event_type allowed, ids UUIDs.
 */
export function validateEvent(event: AnalyticsEvent): Partial<Record<keyof AnalyticsEvent, string>> {
  const errors: Partial<Record<keyof AnalyticsEvent, string>> = {};
  if (blank(event.event_type)) errors.event_type = analyticsMessages.eventTypeRequired;
  else if (!allowed.has(event.event_type as string))
    errors.event_type = analyticsMessages.eventTypeNotAllowed;
  if (blank(event.user_id)) errors.user_id = analyticsMessages.userIdRequired;
  else if (!isUuid(event.user_id)) errors.user_id = analyticsMessages.invalidUuid;
  if (!('location_id' in event) || event.location_id === '')
    errors.location_id = analyticsMessages.locationIdRequired;
  else if (event.location_id === null || event.location_id === undefined) {
    errors.location_id = analyticsMessages.locationIdNull;
  }
  for (const field of ['pallet_id', 'order_id'] as const) {
    if (!blank(event[field]) && !isUuid(event[field])) errors[field] = analyticsMessages.invalidUuid;
  }
  return errors;
}

/** What re-classification sorts pallet events into (SPEC 5). */
export type EventClass = 'scan' | 'location' | 'assignment' | 'processing' | 'other';

/** SPEC 5's default notes per class. */
export const defaultNotes: Record<EventClass, string> = {
  scan: 'Pallet scanned by operator',
  location: 'Pallet location updated',
  assignment: 'Pallet assigned to order',
  processing: 'Pallet processing completed',
  other: 'Analytics event',
};

const classType: Record<Exclude<EventClass, 'other'>, AnalyticsEventType> = {
  scan: 'pallet_scanned',
  location: 'pallet_location_changed',
  assignment: 'pallet_assigned',
  processing: 'pallet_processed',
};

const locationKeys = [
  'storageZone',
  'storage_zone',
  'zoneId',
  'zone_id',
  'position',
  'positionId',
  'position_id',
  'rowIndex',
];
const assignmentKeys = ['orderId', 'order_id'];

/** Keys of `next` whose value differs from `previous` (both read as plain objects). */
function changedKeys(previous: unknown, next: unknown): string[] {
  if (!next || typeof next !== 'object') return [];
  const before = (previous && typeof previous === 'object' ? previous : {}) as Record<string, unknown>;
  return Object.entries(next as Record<string, unknown>)
    .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key]))
    .map(([key]) => key);
}

/** The class an event's signals point to: its type, its scan fields, or what changed between its states. */
export function classifyEvent(event: AnalyticsEvent): EventClass {
  const type = String(event.event_type ?? '');
  const changed = changedKeys(event.previous_state, event.new_state);
  if (/scan/.test(type) || !blank(event.scan_type) || !blank(event.scan_device_id)) return 'scan';
  if (/location|zone|position/.test(type) || changed.some((key) => locationKeys.includes(key)))
    return 'location';
  if (/(^|_)assign/.test(type) || changed.some((key) => assignmentKeys.includes(key))) return 'assignment';
  if (/process|complete/.test(type)) return 'processing';
  return 'other';
}

/** A scan type from the event: as given, else qr or barcode from its type, else manual. */
const scanTypeOf = (event: AnalyticsEvent): string =>
  event.scan_type ||
  (/qr/.test(event.event_type ?? '') ? 'qr' : /barcode/.test(event.event_type ?? '') ? 'barcode' : 'manual');

/** The event as sent: pallet events re-classified, default notes, scan type defaults, location_id as text. */
export function prepareEvent(
  event: AnalyticsEvent,
): AnalyticsEvent & { event_type: string; location_id: string } {
  const eventClass = classifyEvent(event);
  const reclassify = !blank(event.pallet_id) && eventClass !== 'other';
  return {
    ...event,
    event_type: reclassify ? classType[eventClass as Exclude<EventClass, 'other'>] : String(event.event_type),
    location_id: String(event.location_id),
    notes: event.notes || defaultNotes[eventClass],
    ...(eventClass === 'scan' ? { scan_type: scanTypeOf(event) } : {}),
  };
}

import { type AnalyticsEvent, analyticsMessages, validateEvent } from '../../../streams/analytics/event';
import { type FieldComplaint, type FieldErrors, fieldError } from '../../plugins/errors';
import { holdsNul, textMessages } from '../../plugins/text';
import type { AnalyticsEventInput } from './repository';

const textFields = { notes: 2000, scan_type: 100, scan_location: 200, scan_device_id: 200 } as const;

/** SPEC 5's messages with their field codes. */
function complaintOf(message: string): FieldComplaint {
  if (message === analyticsMessages.invalidUuid)
    return fieldError('INVALID_FORMAT', message, { format: 'uuid' });
  if (message === analyticsMessages.eventTypeNotAllowed) return fieldError('INVALID_VALUE', message, {});
  return fieldError('INVALID_TYPE', message, {});
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Checks an analytics event with the app's own SPEC 5 rules and SPEC 8 messages (`validateEvent`
 * of streams/analytics: event_type, user_id and location_id required, location_id 0 allowed and
 * null not, event_type from the list, ids UUIDs), then what only the server needs: a location_id
 * of text or a number, text fields of bounded length, and no NUL in any text or state (PostgreSQL
 * cannot store it). Answers the event to record
 * (location_id as text), or the field errors of a 422. Unknown fields are ignored.
 */
export function validateAnalyticsEvent(
  body: Record<string, unknown>,
): { event: AnalyticsEventInput; details?: undefined } | { details: FieldErrors } {
  const details: FieldErrors = Object.fromEntries(
    Object.entries(validateEvent(body as AnalyticsEvent)).map(([field, message]) => [
      field,
      complaintOf(message),
    ]),
  );
  const { location_id } = body;
  const locationOk =
    (typeof location_id === 'string' && location_id.length <= 100) || Number.isFinite(location_id);
  if (!details.location_id && !locationOk)
    details.location_id = fieldError('INVALID_TYPE', 'must be text or a number', {});
  for (const [field, max] of Object.entries(textFields)) {
    const value = body[field];
    if (!blank(value) && (typeof value !== 'string' || value.length > max)) {
      details[field] = fieldError('TOO_BIG', `must be text of at most ${max} characters`, { maximum: max });
    }
  }
  for (const field of ['location_id', 'previous_state', 'new_state', ...Object.keys(textFields)]) {
    if (!details[field] && holdsNul(body[field]))
      details[field] = fieldError('TEXT_HAS_NUL', textMessages.nul);
  }
  if (Object.keys(details).length > 0) return { details };

  const text = (field: string) => (blank(body[field]) ? null : (body[field] as string));
  return {
    event: {
      event_type: body.event_type as AnalyticsEventInput['event_type'],
      user_id: body.user_id as string,
      location_id: String(location_id),
      pallet_id: text('pallet_id'),
      order_id: text('order_id'),
      notes: text('notes'),
      previous_state: body.previous_state,
      new_state: body.new_state,
      scan_type: text('scan_type'),
      scan_location: text('scan_location'),
      scan_device_id: text('scan_device_id'),
    },
  };
}

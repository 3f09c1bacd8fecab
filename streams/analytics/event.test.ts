import { describe, expect, it } from 'vitest';
import {
  type AnalyticsEvent,
  analyticsEventTypes,
  classifyEvent,
  isUuid,
  prepareEvent,
  validateEvent,
} from './event';

const user = '0f9c2a4e-1b7d-4c8e-9a3f-5d6e7f8a9b0c';
const pallet = '01936b2e-7c4a-7d3e-8f1a-2b3c4d5e6f70';
const valid: AnalyticsEvent = { event_type: 'pallet_created', user_id: user, location_id: 'L1' };

describe('validateEvent (SPEC 5, 8)', () => {
  it('accepts a complete event, location_id zero included', () => {
    expect(validateEvent(valid)).toEqual({});
    expect(validateEvent({ ...valid, location_id: 0, pallet_id: pallet, order_id: user })).toEqual({});
  });

  it('requires event_type, user_id and location_id', () => {
    expect(validateEvent({})).toEqual({
      event_type: 'event_type is required',
      user_id: 'user_id is required',
      location_id: 'location_id is required',
    });
    expect(validateEvent({ ...valid, event_type: '', user_id: null, location_id: '' })).toEqual({
      event_type: 'event_type is required',
      user_id: 'user_id is required',
      location_id: 'location_id is required',
    });
  });

  it('refuses a null or undefined location_id', () => {
    expect(validateEvent({ ...valid, location_id: null })).toEqual({
      location_id: 'location_id cannot be null or undefined',
    });
    expect(validateEvent({ ...valid, location_id: undefined })).toEqual({
      location_id: 'location_id cannot be null or undefined',
    });
  });

  it('allows only the event types of SPEC 5', () => {
    expect(analyticsEventTypes).toHaveLength(27);
    for (const type of analyticsEventTypes) expect(validateEvent({ ...valid, event_type: type })).toEqual({});
    expect(validateEvent({ ...valid, event_type: 'pallet_exploded' })).toEqual({
      event_type: 'event_type is not allowed',
    });
  });

  it('requires UUIDs for user_id, pallet_id and order_id', () => {
    expect(validateEvent({ ...valid, user_id: '42', pallet_id: 'p-1', order_id: 'nope' })).toEqual({
      user_id: 'must be a valid UUID format',
      pallet_id: 'must be a valid UUID format',
      order_id: 'must be a valid UUID format',
    });
    expect([user, pallet, user.toUpperCase(), `${user}x`, 42].map(isUuid)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('classifyEvent and prepareEvent (SPEC 5)', () => {
  it.each<[AnalyticsEvent, string]>([
    [{ event_type: 'qr_scanned' }, 'scan'],
    [{ event_type: 'pallet_updated', scan_type: 'barcode' }, 'scan'],
    [{ event_type: 'pallet_updated', scan_device_id: 'gun-1' }, 'scan'],
    [{ event_type: 'pallet_location_changed' }, 'location'],
    [
      { event_type: 'pallet_updated', previous_state: { zoneId: 'a' }, new_state: { zoneId: 'b' } },
      'location',
    ],
    [{ event_type: 'pallet_updated', previous_state: { zoneId: 'a' }, new_state: { zoneId: 'a' } }, 'other'],
    [{ event_type: 'order_assigned' }, 'assignment'],
    [{ event_type: 'pallet_updated', new_state: { orderId: 'o' } }, 'assignment'],
    [{ event_type: 'pallet_unassigned' }, 'other'],
    [{ event_type: 'workflow_completed' }, 'processing'],
    [{ event_type: 'pallet_processed' }, 'processing'],
    [{ event_type: 'pallet_created', new_state: 'text' }, 'other'],
  ])('%j is a %s event', (event, eventClass) => {
    expect(classifyEvent(event)).toBe(eventClass);
  });

  it('re-classifies pallet events, adds default notes and sends location_id as text', () => {
    const base = { user_id: user, location_id: 7, pallet_id: pallet };
    expect(prepareEvent({ ...base, event_type: 'qr_scanned' })).toMatchObject({
      event_type: 'pallet_scanned',
      notes: 'Pallet scanned by operator',
      scan_type: 'qr',
      location_id: '7',
    });
    expect(prepareEvent({ ...base, event_type: 'barcode_scanned' }).scan_type).toBe('barcode');
    expect(prepareEvent({ ...base, event_type: 'pallet_scanned' }).scan_type).toBe('manual');
    expect(prepareEvent({ ...base, event_type: 'pallet_scanned', scan_type: 'rfid' }).scan_type).toBe('rfid');
    expect(
      prepareEvent({ ...base, event_type: 'pallet_updated', new_state: { storageZone: 'Z1' } }),
    ).toMatchObject({
      event_type: 'pallet_location_changed',
      notes: 'Pallet location updated',
    });
    expect(prepareEvent({ ...base, event_type: 'order_assigned' })).toMatchObject({
      event_type: 'pallet_assigned',
      notes: 'Pallet assigned to order',
    });
    expect(prepareEvent({ ...base, event_type: 'workflow_completed' })).toMatchObject({
      event_type: 'pallet_processed',
      notes: 'Pallet processing completed',
    });
    expect(prepareEvent({ ...base, event_type: 'pallet_created' })).toMatchObject({
      event_type: 'pallet_created',
      notes: 'Analytics event',
    });
  });

  it('keeps given notes and the type of events without a pallet', () => {
    expect(prepareEvent({ ...valid, event_type: 'order_assigned', notes: 'rush' })).toMatchObject({
      event_type: 'order_assigned',
      notes: 'rush',
    });
    expect(prepareEvent({ ...valid, event_type: 'order_assigned' }).notes).toBe('Pallet assigned to order');
  });
});

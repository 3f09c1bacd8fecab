import { type ScaleProtocol, scaleProtocols } from './scale-line';
import type { Scale } from './scale-schema';

export type { Scale };

/** A `reading` event of a scale's readings stream (GET /api/scales/{id}/readings), server and app alike. */
export interface ScaleReadingEvent {
  type: 'reading';
  scaleId: string;
  weightKg: number;
  stable: boolean;
  /** When the server read it (ISO 8601). */
  at: string;
}

/** Whether `value` has a scale's shape, as a live event brings it. */
export function isScale(value: unknown): value is Scale {
  if (!value || typeof value !== 'object') return false;
  const scale = value as Record<keyof Scale, unknown>;
  return (
    ['id', 'locationId', 'name', 'host', 'createdAt', 'updatedAt'].every(
      (key) => typeof scale[key as keyof Scale] === 'string',
    ) &&
    typeof scale.port === 'number' &&
    scaleProtocols.includes(scale.protocol as ScaleProtocol)
  );
}

/** What a manager sets on a scale. */
export type ScaleFields = Pick<Scale, 'name' | 'host' | 'port' | 'protocol'>;

import type { ScaleProtocol } from './scale-line';

/** A location's network scale as the API answers it (GET /api/scales), server and app alike. */
export interface Scale {
  id: string;
  locationId: string;
  name: string;
  host: string;
  port: number;
  protocol: ScaleProtocol;
  createdAt: string;
  updatedAt: string;
}

/** What a manager sets on a scale. */
export type ScaleFields = Pick<Scale, 'name' | 'host' | 'port' | 'protocol'>;

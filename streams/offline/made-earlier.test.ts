import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { madeEarlier } from './made-earlier';
import type { QueuedChange } from './types';

const id = '019ac3a4-5b6c-7d8e-9f01-23456789abcd';
const making = (body: Record<string, unknown>): QueuedChange => ({
  key: 'k1',
  seq: 1,
  userId: 'u1',
  request: { method: 'POST', path: '/api/pallets', body },
  label: 'Make pallet',
  queuedAt: 0,
});
const taken = (palletId: string) =>
  new ApiError(
    `A pallet with id ${palletId} already exists`,
    'status',
    409,
    null,
    'PALLET_ID_TAKEN',
    undefined,
    {
      palletId,
    },
  );

describe('madeEarlier', () => {
  it('a making refused because its own pallet id is taken made that pallet already', () => {
    expect(madeEarlier(making({ id, weight: 500 }), taken(id))).toBe(id);
  });

  it('anything else stays a refusal: another id, another refusal, another change, no id of its own', () => {
    expect(
      madeEarlier(making({ id, weight: 500 }), taken('019ac3a4-0000-7000-8000-000000000000')),
    ).toBeNull();
    expect(madeEarlier(making({ weight: 500 }), taken(id))).toBeNull();
    expect(madeEarlier(making({ id }), new ApiError('Row 1 of zone A is full', 'status', 409))).toBeNull();
    expect(
      madeEarlier(
        { ...making({ id }), request: { method: 'PATCH', path: `/api/pallets/${id}`, body: { id } } },
        taken(id),
      ),
    ).toBeNull();
  });
});

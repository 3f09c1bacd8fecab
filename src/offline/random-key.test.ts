import { describe, expect, it } from 'vitest';
import { randomUuid, timeOrderedUuid } from './random-key';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the keys and ids the phone makes', () => {
  it('makes random UUIDs v4 for idempotency keys', () => {
    expect(uuid.exec(randomUuid())?.[1]).toBe('4');
    expect(randomUuid()).not.toBe(randomUuid());
  });

  it("makes a pallet's UUID v7 of its time, so ids made later sort after it, as the server's do", () => {
    const at = Date.UTC(2026, 10, 28, 4, 30);
    const id = timeOrderedUuid(at);
    expect(uuid.exec(id)?.[1]).toBe('7');
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    expect(timeOrderedUuid(at + 1) > timeOrderedUuid(at)).toBe(true);
    expect(timeOrderedUuid(at)).not.toBe(id);
  });
});

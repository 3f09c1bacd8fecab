import { describe, expect, it } from 'vitest';
import { ageBucket, ageInDays, type InventorySettings, settingsFor, stockLevel } from './ageing';

const day = 86_400_000;
const now = Date.parse('2026-11-25T12:00:00Z');
const made = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();
const cherry = { ripeningDays: 2, nearExpiryDays: 4, urgentDays: 6, minimumKg: 500 };
const settings: InventorySettings = {
  general: { ripeningDays: 3, nearExpiryDays: 6, urgentDays: 9, minimumKg: 1000 },
  tomatoTypes: [{ tomatoType: 'Cherry', ...cherry, custom: true }],
};

describe('ageBucket', () => {
  it('moves through fresh, ripening, near_expiry and urgent at each threshold day', () => {
    const at = (days: number) => ageBucket(made(days), cherry, now);
    expect([0, 1.99, 2, 3.99, 4, 5.99, 6, 40].map(at)).toEqual([
      'fresh',
      'fresh',
      'ripening',
      'ripening',
      'near_expiry',
      'near_expiry',
      'urgent',
      'urgent',
    ]);
  });

  it('counts whole days, never below zero, and knows no age without a time', () => {
    expect(ageInDays(made(2.5), now)).toBe(2);
    expect(ageInDays(new Date(now + 60_000).toISOString(), now)).toBe(0);
    expect(ageBucket(undefined, cherry, now)).toBeNull();
    expect(ageBucket('yesterday', cherry, now)).toBeNull();
  });

  it("uses the type's own thresholds, and the general ones for a type not listed", () => {
    expect(settingsFor(settings, 'Cherry')).toBe(settings.tomatoTypes[0]);
    expect(settingsFor(settings, 'Heirloom')).toBe(settings.general);
    expect(ageBucket(made(5), settingsFor(settings, 'Cherry'), now)).toBe('near_expiry');
    expect(ageBucket(made(5), settingsFor(settings, 'Heirloom'), now)).toBe('ripening');
  });
});

describe('stockLevel', () => {
  it('is low below the minimum and normal from it on', () => {
    expect(stockLevel(499.99, cherry)).toBe('low');
    expect(stockLevel(500, cherry)).toBe('normal');
  });
});

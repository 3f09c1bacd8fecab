import type { InventorySettings, TypeSettings } from './settings-schema';
/** SPEC 2's freshness badges, in the order a pallet passes through them. */
export const ageBuckets = ['fresh', 'ripening', 'near_expiry', 'urgent'] as const;

/** How far a pallet has aged. */
export type AgeBucket = (typeof ageBuckets)[number];

export type { InventorySettings, TypeSettings };

const dayMs = 86_400_000;

/** The settings `tomatoType` ages by (the general ones for a type the server did not list). */
export function settingsFor(settings: InventorySettings, tomatoType: unknown): TypeSettings {
  return settings.tomatoTypes.find((s) => s.tomatoType === tomatoType) ?? settings.general;
}

/** Whole days from `createdAt` (an ISO time) to `nowMs`; null when it is not a time. */
export function ageInDays(createdAt: unknown, nowMs: number): number | null {
  const at = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
  if (Number.isNaN(at)) return null;
  // a clock a little behind the server's must not make a new pallet minus one day old
  return Math.max(0, Math.floor((nowMs - at) / dayMs));
}

/** The bucket of a pallet made at `createdAt`, by its type's thresholds; null when its age is unknown. */
export function ageBucket(createdAt: unknown, thresholds: TypeSettings, nowMs: number): AgeBucket | null {
  const days = ageInDays(createdAt, nowMs);
  if (days === null) return null;
  if (days >= thresholds.urgentDays) return 'urgent';
  if (days >= thresholds.nearExpiryDays) return 'near_expiry';
  if (days >= thresholds.ripeningDays) return 'ripening';
  return 'fresh';
}

/** normal, or low when `kg` in stock is below the type's minimum (SPEC 2's stock badges). */
export const stockLevel = (kg: number, thresholds: TypeSettings): 'normal' | 'low' =>
  kg < thresholds.minimumKg ? 'low' : 'normal';

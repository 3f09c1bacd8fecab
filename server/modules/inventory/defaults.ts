/** How one tomato type ages and how much of it the warehouse wants on hand. */
export interface TypeSettings {
  /** days since the pallet was made from which it is ripening (fresh before) */
  ripeningDays: number;
  /** days from which it is near expiry */
  nearExpiryDays: number;
  /** days from which it is urgent */
  urgentDays: number;
  /** kg in stock below which the type's stock is low */
  minimumKg: number;
}

/**
 * For a type nobody has configured: loose round tomatoes keep about a week and a half in a
 * cooled store, and two pallets of a type is where a planner starts to worry.
 */
export const generalSettings: TypeSettings = {
  ripeningDays: 3,
  nearExpiryDays: 6,
  urgentDays: 9,
  minimumKg: 1000,
};

// Small fruit has more skin per kg and softens first; on the truss the stems dry out before the
// fruit; the firm flesh of beef tomatoes keeps longest. Matched on the name, since each
// location spells its own catalogue ("Cherry", "Cherry vine", "Cocktail").
const byName: [RegExp, Omit<TypeSettings, 'minimumKg'>][] = [
  [/cherry|cocktail|snack|grape/i, { ripeningDays: 2, nearExpiryDays: 4, urgentDays: 6 }],
  [/vine|truss/i, { ripeningDays: 3, nearExpiryDays: 5, urgentDays: 8 }],
  [/beef/i, { ripeningDays: 4, nearExpiryDays: 8, urgentDays: 12 }],
];

/** The settings a tomato type has until an administrator changes them. */
export function defaultSettings(tomatoType: string): TypeSettings {
  const match = byName.find(([pattern]) => pattern.test(tomatoType));
  return match ? { ...generalSettings, ...match[1] } : generalSettings;
}

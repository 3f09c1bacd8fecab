/** Date settings of SPEC 3/4: `createDateSettings(scheduler)` with its 15-minute day-rollover check; the screens' clock. */

export { clock$ } from './clock';
export {
  createDateSettings,
  type DateMode,
  type DateSettings,
  type DateSettingsStore,
  dayKey,
  initialDateSettings,
  isoWeek,
  rollover,
} from './settings';
export { dateRangeWindow, dayWindow, type TimeWindow, weekMonday } from './windows';

export {
  type ConsoleName,
  consoleDenial,
  consoleNames,
  consoleTitles,
  type DueDay,
  openConsoles,
  ordersByDueDate,
  type PickLine,
  pickList,
  processedOn,
  type ShiftTotals,
  shiftTotals,
  stillNeeds,
} from './consoles';
export { undoable } from './undoable';

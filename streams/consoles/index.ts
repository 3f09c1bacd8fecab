export {
  type ConsoleName,
  consoleNames,
  consoleRefusal,
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
export { choiceIn, createSortingChoices, type SavedChoice, type SortingChoices } from './sorting-choices';
export { undoable } from './undoable';

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
export { choiceIn, createSortingChoices, type SavedChoice, type SortingChoices } from './sorting-choices';
export { undoable } from './undoable';

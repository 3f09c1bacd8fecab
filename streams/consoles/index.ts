export {
  type ConsoleName,
  type ConsoleRefusal,
  consoleNames,
  consoleRefusal,
  type DueDay,
  type OperatorConsoleName,
  openConsoles,
  operatorConsoleNames,
  ordersByDueDate,
  type PickLine,
  type PickScan,
  pickList,
  pickScan,
  processedOn,
  type ShiftTotals,
  shiftTotals,
  stillNeeds,
} from './consoles';
export { openConsolesOf, sameMembers } from './open-consoles';
export { choiceIn, createSortingChoices, type SavedChoice, type SortingChoices } from './sorting-choices';
export { undoable } from './undoable';

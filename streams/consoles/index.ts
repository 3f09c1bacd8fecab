export {
  type ConsoleName,
  type ConsoleRefusal,
  consoleNames,
  consoleRefusal,
  type OperatorConsoleName,
  openConsoles,
  operatorConsoleNames,
} from './console-rule';
export {
  type DueDay,
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

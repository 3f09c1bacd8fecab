/** What other parts of the server may use of the printing module; its routes are registered by the app. */
export { prunePrintJobs } from './jobs-repository';
export { lockLocationPrinters } from './repository';

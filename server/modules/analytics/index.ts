/** What other parts of the server may use of the analytics module; its routes are registered by the app. */

export type { AnalyticsEventInput } from './repository';
export { insertAnalyticsEvents, systemUpdate } from './repository';

/** The location's activity feed: who did what, live (the dashboard's; SPEC 7's analytics reads). */
export { type ActivityEntry, type ActivityFeed, activityFeed, groupActivity } from './activity-feed';

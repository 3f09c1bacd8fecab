import { z } from 'zod';

/** One line of GET {prefix}/user-activity (SPEC 7): a person (null when no longer known) and their events in the range. */
export const userActivitySchema = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  eventCount: z.number(),
});

/** One person's count of events in the range. */
export type UserActivity = z.infer<typeof userActivitySchema>;

import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { PORTAL_TIME_ZONE } from './time-zone.ts';

/**
 * The console's dashboard (issue 24): today's work, each count a link to the list it counts, oldest
 * first. "Today" and "this week" (from Monday) are the portal's (PORTAL_TIME_ZONE) unless the request
 * names other starts.
 */
export const dashboardQuerySchema = z.object({
  today: z.iso
    .datetime({ offset: true, message: 'Give the start of the day as an ISO 8601 date-time.' })
    .optional(),
  week: z.iso
    .datetime({ offset: true, message: 'Give the start of the week as an ISO 8601 date-time.' })
    .optional(),
});

export const dashboardTileSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  /** When the oldest of them last moved (null when there are none). */
  oldestAt: z.string().nullable(),
  /** The filtered list, oldest first: a console path with its query. */
  link: z.string(),
});
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

export const dashboardGroupSchema = z.object({ title: z.string(), tiles: z.array(dashboardTileSchema) });
export const staffDashboardSchema = z.object({ groups: z.array(dashboardGroupSchema) });
export type StaffDashboard = z.infer<typeof staffDashboardSchema>;

/** The console's list of kits filtered by one status, oldest first (the kits pages read these). */
export function kitListLink(filter: Record<string, string>): string {
  return `/staff/kits?${new URLSearchParams({ ...filter, sort: 'oldest' }).toString()}`;
}

/** The people page, listing the minors whose parental consent form waits for review. */
export const CONSENT_REVIEW_LINK = '/staff/people?consent=pending';

/** The start of the day and of the week (Monday) that `now` is in, in the portal's time zone. */
export function portalDayAndWeek(now: Date): { today: Date; week: Date } {
  const day = new TZDate(now.getTime(), PORTAL_TIME_ZONE);
  day.setHours(0, 0, 0, 0);
  const week = new TZDate(day.getTime(), PORTAL_TIME_ZONE);
  week.setDate(week.getDate() - ((week.getDay() + 6) % 7));
  return { today: new Date(day.getTime()), week: new Date(week.getTime()) };
}

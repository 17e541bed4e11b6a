import { z } from 'zod';

/**
 * "Who viewed my data": the support views of a person's account, from the audit of every request made
 * with a support view's token (design.md §6). Newest first.
 */
export const supportViewSchema = z.object({
  at: z.string(),
  /** The support person's name, or null when their account is gone. */
  supportName: z.string().nullable(),
  /** What was looked at (or tried), in plain words. */
  what: z.string(),
  /** Refused: a write the read-only view turned away, or anything else the server did not answer. */
  refused: z.boolean(),
});
export const supportViewsSchema = z.object({ views: z.array(supportViewSchema), more: z.boolean() });
export type SupportViews = z.infer<typeof supportViewsSchema>;

/** How many views the list shows; `more` says there are older ones. */
export const SUPPORT_VIEWS_SHOWN = 100;

/** The pages a support view reads, by route, in the words of the portal's menus. */
const LOOKED_AT: Record<string, string> = {
  'GET /api/users/me': 'Your profile',
  'GET /api/users/me/support-views': 'This list of support views',
  'GET /api/dashboard': 'Your dashboard',
  'GET /api/kits': 'Your kits',
  'GET /api/kits/sent': 'The kits you gave',
  'GET /api/kits/:kitId/timeline': 'A kit’s timeline',
  'GET /api/kits/:kitId/surveys/:type/answers': 'Your questionnaire answers',
  'GET /api/surveys/:type': 'A questionnaire',
  'GET /api/reports': 'Your reports',
  'GET /api/reports/:sample': 'A report',
  'GET /api/reports/:sample/pdf': 'A report (PDF)',
  'GET /api/reports/:sample/metaphlan.txt': 'A report’s lab profile (download)',
  'GET /api/reports/:sample/taxa.csv': 'A report’s table of taxa (download)',
  'GET /api/reports/compare': 'A comparison of two reports',
  'GET /api/reports/compare.pdf': 'A comparison of two reports (PDF)',
  'GET /api/addresses': 'The address finder',
  'GET /api/consent-flow/:flowId': 'Your consents',
  'GET /api/me/consents': 'Your consents',
  'GET /api/me/email-preferences': 'Your email choices',
  'GET /api/me/exports': 'Your data downloads',
  'GET /api/me/exports/:id': 'Your data downloads',
  'GET /api/subscriptions/me': 'Your subscription',
  'GET /api/coach/slots': 'Coach call times',
  'GET /api/coach/bookings': 'Your coach calls',
  'GET /api/research/kits': 'Your research projects and kits',
};

/** A request of a support view in plain words; a change is always "tried", since the view is read-only. */
export function describeSupportRequest(method: string, route: string): string {
  if (method !== 'GET' && method !== 'HEAD') return 'Tried to change something';
  return LOOKED_AT[`GET ${route}`] ?? 'Another page of the portal';
}

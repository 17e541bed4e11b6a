import { z } from 'zod/mini';

// The app types and the browser check live here, not in navigation.ts: the web app's shell needs them on
// every first load, /login's included, and the navigation's entries and texts do not (decision 034).
export const APP_TYPES = ['CUSTOMER', 'RESEARCH'] as const;
export type AppType = (typeof APP_TYPES)[number];

/** Browsers the research portal supports; anything else sees an upgrade notice (research §2). */
export function isSupportedBrowser(userAgent: string): boolean {
  return /chrome|crios|firefox|fxios|edg|safari|opr|opera|iphone|ipad|ipod/i.test(userAgent);
}

/** The id of the JSON block in which the server hands the web app its public config, inside index.html. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'portal-config';

/**
 * The attribute the server sets on index.html's #root when it holds a page the server drew, which the
 * app then takes over as it is (hydration) instead of drawing it again.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/** What GET /api/config tells the web app. */
export const publicConfigSchema = z.object({
  appType: z.enum(APP_TYPES),
  brandName: z.string(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  /** Support page contact details and FAQ link, and the research sign-in's pointer to the consumer portal. */
  supportPostalAddress: z.string(),
  faqUrl: z.string(),
  consumerSignInUrl: z.string(),
  maintenanceUntil: z.nullable(z.string()),
  siteAlert: z.nullable(z.string()),
  version: z.string(),
  /** External questionnaire for infant kits (null: not offered). */
  infantSurveyUrl: z.nullable(z.string()),
  /** Stripe Elements key; null means the embedded test payment provider is in use. */
  stripePublishableKey: z.nullish(z.string()),
  /** External scheduling page embedded in the coach booking modal; null: the built-in scheduler. */
  coachBookingUrl: z.nullish(z.string()),
  features: z.record(z.string(), z.boolean()),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const MAINTENANCE_TEXTS = {
  title: 'We are down for maintenance',
  body: 'The portal is being updated and will be back by {until}. Thank you for your patience.',
} as const;

/** The maintenance page shows while a maintenance window is still ahead. */
export function isUnderMaintenance(maintenanceUntil: string | null, now: Date = new Date()): boolean {
  if (!maintenanceUntil) return false;
  const until = new Date(maintenanceUntil);
  return !Number.isNaN(until.getTime()) && until > now;
}

import { z } from 'zod/mini';
import { APP_TYPES } from './config.ts';

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

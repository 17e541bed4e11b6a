import type { PublicConfig } from './config-schema.ts';

// No zod here (the schema is in config-schema.ts): the web app's shell reads this module on every first
// load, /login's included, and a module's zod schemas come along with any of its exports (120 KB budget).

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

/**
 * The signed-in page the server draws when the browser sends the page cookie (decision 073): one report
 * by its kit, the page a person reloads or opens from the dashboard. Its kit id is the first group.
 */
export const SIGNED_IN_DRAWN_PAGE = /^\/report\/(\d{1,9})$/;

/**
 * What the server gives the web app's renderer for a signed-in page it may draw (decision 073): the
 * person's reads, answered by the API as the browser's would be (same token, same checks), and the
 * screen's layout as far as the request tells it.
 */
export type SignedInPageReads = {
  /** GET /api`path` as the person: the answer's JSON, or null when the API did not answer 200. */
  read: (path: string) => Promise<unknown>;
  /**
   * The screen's layout: as the app last saw it (SCREEN_LAYOUT_COOKIE), else 'wide' when the browser
   * says it is not a phone (Sec-CH-UA-Mobile: ?0), else 'narrow'.
   */
  layout: 'narrow' | 'wide';
};

/**
 * The cookie in which the web app tells the server the layout of its screen ('narrow' or 'wide'), for the
 * next page the server draws (decision 073). A screen class, nothing about the person.
 */
export const SCREEN_LAYOUT_COOKIE = 'portal_layout';

const CONFIG_TEXTS = [
  'brandName',
  'supportPhone',
  'supportEmail',
  'supportPostalAddress',
  'faqUrl',
  'consumerSignInUrl',
  'version',
] as const;
const CONFIG_TEXTS_OR_NULL = ['maintenanceUntil', 'siteAlert', 'infantSurveyUrl'] as const;
const CONFIG_OPTIONAL_TEXTS = ['stripePublishableKey', 'coachBookingUrl'] as const;

/**
 * The public config read as publicConfigSchema reads it, without zod (config-schema.test.ts holds them
 * equal): the web app reads it as it starts, on /login's first load too, where zod's core would cost
 * 16 KB gzip of its 120 KB budget. Null for anything else.
 */
export function readPublicConfig(value: unknown): PublicConfig | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const input = value as Record<string, unknown>;
  const { appType, features } = input;
  if (!APP_TYPES.some((type) => type === appType)) return null;
  if (typeof features !== 'object' || features === null) return null;
  if (![Object.prototype, null].includes(Object.getPrototypeOf(features))) return null;
  if (!Object.values(features).every((on) => typeof on === 'boolean')) return null;
  const config: Record<string, unknown> = { appType, features: { ...features } };
  for (const key of CONFIG_TEXTS) {
    if (typeof input[key] !== 'string') return null;
    config[key] = input[key];
  }
  for (const key of CONFIG_TEXTS_OR_NULL) {
    if (input[key] !== null && typeof input[key] !== 'string') return null;
    config[key] = input[key];
  }
  for (const key of CONFIG_OPTIONAL_TEXTS) {
    if (input[key] !== undefined && input[key] !== null && typeof input[key] !== 'string') return null;
    if (key in input) config[key] = input[key];
  }
  return config as PublicConfig;
}

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

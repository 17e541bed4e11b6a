import { z } from 'zod';

/** Share links of reports for a practitioner (issue 36 items 4 and 5). */
export const SHARE_LIMITS = {
  minDays: 1,
  maxDays: 90,
  maxReports: 10,
  /** Wrong PINs that lock a link, and for how long. */
  maxWrongPins: 5,
  lockMinutes: 60,
  pinLength: 6,
} as const;

export const SHARE_ERROR_CODES = {
  notPermitted: 'SHARE_NOT_PERMITTED',
  gone: 'SHARE_GONE',
  pinRequired: 'SHARE_PIN_REQUIRED',
  wrongPin: 'SHARE_WRONG_PIN',
  locked: 'SHARE_LOCKED',
} as const;

export const SHARE_MESSAGES = {
  minor:
    'Reports of an account under 18 can only be shared by a parent or guardian, from a guardian account.',
  unknownPractitioner: 'Choose a practitioner from the list, or share the link yourself.',
  notAvailable: 'This link is no longer available.',
  expired: 'This link is no longer available: it has expired.',
  revoked: 'This link is no longer available: the person who shared it has taken it back.',
  pinRequired: 'Enter the 6-digit PIN you were given separately.',
  wrongPin: (left: number) =>
    `That PIN is not right. ${left} ${left === 1 ? 'try' : 'tries'} left before the link locks for an hour.`,
  locked:
    'Too many wrong PINs: this link is locked for an hour. Ask the person who shared it for the right PIN.',
} as const;

export const createShareSchema = z.object({
  samples: z
    .array(z.string().trim().min(1).max(40))
    .min(1, 'Choose at least one report to share.')
    .max(SHARE_LIMITS.maxReports, `Share at most ${SHARE_LIMITS.maxReports} reports in one link.`),
  expiresInDays: z
    .number({ error: 'Choose how long the link works, from 1 to 90 days.' })
    .int('Choose how long the link works, from 1 to 90 days.')
    .min(SHARE_LIMITS.minDays, 'Choose how long the link works, from 1 to 90 days.')
    .max(SHARE_LIMITS.maxDays, 'Choose how long the link works, from 1 to 90 days.'),
  pin: z.boolean().default(false),
  /** The referral code of a practitioner of listPractitioners, to email the link to; null: none. */
  practitionerCode: z.string().trim().min(1).max(40).nullable().default(null),
});
export type CreateShareInput = z.input<typeof createShareSchema>;

export const createdShareSchema = z.object({
  id: z.string(),
  /** The whole link, key after `#`: shown once, never stored by the server. */
  url: z.string(),
  /** The PIN when one was asked for: shown once, to be given separately. */
  pin: z.string().nullable(),
  expiresAt: z.string(),
  recipientName: z.string().nullable(),
});
export type CreatedShare = z.infer<typeof createdShareSchema>;

export const SHARE_STATUSES = ['ACTIVE', 'LOCKED', 'EXPIRED', 'REVOKED'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

export const shareViewSchema = z.object({
  viewedAt: z.string(),
  browser: z.string(),
  /** ISO 3166 alpha-2, or null where unknown. */
  country: z.string().nullable(),
});

export const shareListItemSchema = z.object({
  id: z.string(),
  samples: z.array(z.object({ sampleIdentifier: z.string(), name: z.string() })),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lockedUntil: z.string().nullable(),
  hasPin: z.boolean(),
  recipientName: z.string().nullable(),
  status: z.enum(SHARE_STATUSES),
  views: z.array(shareViewSchema),
});
export type ShareListItem = z.infer<typeof shareListItemSchema>;

export const practitionerSchema = z.object({ code: z.string(), name: z.string() });
export type Practitioner = z.infer<typeof practitionerSchema>;

/** GET /api/shared/{id}: what the practitioner's page needs before opening the link. */
export const sharedLinkSchema = z.object({
  needsPin: z.boolean(),
  expiresAt: z.string(),
  lockedUntil: z.string().nullable(),
});

/** POST /api/shared/{id}/open: the encrypted reports, a compact JWE the link's key opens. */
export const openedShareSchema = z.object({ payload: z.string() });

/** The decrypted payload of a share link. */
export type SharedPayload = {
  v: 1;
  brand: string;
  person: string;
  sharedAt: string;
  expiresAt: string;
  reports: {
    sampleIdentifier: string;
    name: string;
    displayDate: string;
    report: unknown;
    /** The report's PDF, base64. */
    pdf: string;
  }[];
};

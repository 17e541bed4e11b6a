import { z } from 'zod';
import { keysetPageSchema } from './keyset-page.ts';
import { PROMO_TYPES } from './orders.ts';

/**
 * The console's Codes (issue 24, ADMIN): promo codes (create, how often each was used, disable) and
 * practitioners' referral codes (create, how many accounts and kits carry each, deactivate). The codes'
 * own rules are the checkout's and the registration's (orders.service, kits-lab createReferralCode).
 */
export const STAFF_CODES_PAGE_SIZE = 50;

export const STAFF_CODE_MESSAGES = {
  badCursor: 'This list has changed since it was loaded. Load it again from the top.',
  promoNotFound: 'There is no promo code with that code.',
  promoDisabled: 'This promo code is disabled already. Nothing was changed.',
  referralNotFound: 'There is no referral code with that code.',
  referralInactive: 'This referral code is inactive already. Nothing was changed.',
  codeRequired: 'Enter the code.',
  valueRequired: 'Enter the amount off in dollars, or the percentage.',
  usesWhole: 'The number of uses is a whole number of at least 1 (leave it empty for unlimited).',
  nameRequired: "Enter the practitioner's first and last name.",
} as const;

const codeQuery = z.object({
  /** The start of the code. */
  q: z.string().trim().max(40).optional(),
  /** The `next` of the page before: codes page by keyset on the code, A to Z. */
  after: z
    .string()
    .regex(/^[A-Z0-9_-]{1,40}$/, STAFF_CODE_MESSAGES.badCursor)
    .optional(),
});
export const staffPromoQuerySchema = codeQuery;
export const staffReferralQuerySchema = codeQuery;

export const staffPromoCreateSchema = z
  .object({
    code: z
      .string({ error: STAFF_CODE_MESSAGES.codeRequired })
      .trim()
      .min(1, STAFF_CODE_MESSAGES.codeRequired)
      .max(40),
    type: z.enum(PROMO_TYPES, { error: 'Choose AMOUNT, PERCENTAGE or TRACKING.' }),
    /** AMOUNT: dollars off; PERCENTAGE: percent off; TRACKING: ignored. */
    value: z.number({ error: STAFF_CODE_MESSAGES.valueRequired }).nonnegative().max(100_000).default(0),
    /** How many orders may use it; null for unlimited. */
    remainingUsage: z
      .number({ error: STAFF_CODE_MESSAGES.usesWhole })
      .int(STAFF_CODE_MESSAGES.usesWhole)
      .min(1, STAFF_CODE_MESSAGES.usesWhole)
      .max(1_000_000)
      .nullable()
      .default(null),
  })
  .refine((p) => p.type === 'TRACKING' || p.value > 0, {
    message: STAFF_CODE_MESSAGES.valueRequired,
    path: ['value'],
  });
export type StaffPromoCreate = z.input<typeof staffPromoCreateSchema>;

export const staffPromoRowSchema = z.object({
  code: z.string(),
  type: z.enum(PROMO_TYPES),
  /** AMOUNT: dollars; PERCENTAGE: percent; TRACKING: 0. */
  value: z.number(),
  remainingUsage: z.number().nullable(),
  /** Orders placed with it. */
  usage: z.number(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type StaffPromoRow = z.infer<typeof staffPromoRowSchema>;
export const staffPromoPageSchema = keysetPageSchema('codes', staffPromoRowSchema);

export const staffReferralCreateSchema = z.object({
  code: z
    .string({ error: STAFF_CODE_MESSAGES.codeRequired })
    .trim()
    .min(1, STAFF_CODE_MESSAGES.codeRequired)
    .max(24),
  firstName: z
    .string({ error: STAFF_CODE_MESSAGES.nameRequired })
    .trim()
    .min(1, STAFF_CODE_MESSAGES.nameRequired)
    .max(25),
  lastName: z
    .string({ error: STAFF_CODE_MESSAGES.nameRequired })
    .trim()
    .min(1, STAFF_CODE_MESSAGES.nameRequired)
    .max(25),
  /** Where a person's report share links for this practitioner are emailed (issue 36 item 5). */
  // Empty: none on file (the practitioner is not offered as a recipient).
  email: z
    .union([
      z.literal(''),
      z.email('Enter the practitioner’s email address, like name@example.com.').max(254),
    ])
    .optional(),
});
export type StaffReferralCreate = z.infer<typeof staffReferralCreateSchema>;

export const staffReferralRowSchema = z.object({
  /** Without the REF- prefix, as stored; people type it with or without. */
  code: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  /** Accounts that registered with it. */
  accounts: z.number(),
  /** Kits that carry it. */
  kits: z.number(),
});
export type StaffReferralRow = z.infer<typeof staffReferralRowSchema>;
export const staffReferralPageSchema = keysetPageSchema('codes', staffReferralRowSchema);

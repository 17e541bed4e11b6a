import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's share link of one or more reports for a practitioner (issue 36, decision 048). The
 * reports are kept only as a JWE encrypted with a key the link carries after `#`, which the server
 * never stores: the row alone reveals nothing of the reports. Revoking wipes the ciphertext.
 */
export const reportShares = pgTable(
  'report_shares',
  {
    /** 128 random bits, base64url: the link's `/share/{id}`. */
    id: text('id').primaryKey(),
    /** The account whose reports these are (a guardian account shares its child's). */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The shared reports' sample identifiers, in the order shown. */
    samples: text('samples').array().notNull(),
    /** The reports and their PDFs as a compact JWE (dir, A256GCM, DEF); null once revoked. */
    payload: text('payload'),
    /** HMAC of the optional 6-digit PIN; null without one. */
    pinHash: text('pin_hash'),
    /** Wrong PINs since the last right one or lock; the fifth locks the link for an hour. */
    failedPins: integer('failed_pins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The practitioner it was emailed to, by their referral code, and their name then. */
    recipientCode: text('recipient_code'),
    recipientName: text('recipient_name'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_shares_owner_idx').on(t.ownerId)],
);

/** Each opening of a share link: when, which browser, and the country of the address only. */
export const reportShareViews = pgTable(
  'report_share_views',
  {
    id: serial('id').primaryKey(),
    shareId: text('share_id')
      .notNull()
      .references(() => reportShares.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    browser: text('browser').notNull(),
    /** ISO 3166 code, or null where unknown; never the address itself. */
    country: text('country'),
  },
  (t) => [index('report_share_views_share_idx').on(t.shareId)],
);

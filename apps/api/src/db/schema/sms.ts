import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { notifications } from './notifications.ts';
import { users } from './users.ts';

/**
 * A person's mobile number for texts (issue 35 item 4), one per person: checked by a 6-digit code
 * (its HMAC kept, never the code), then texts may be switched on. Five wrong codes lock it for an hour.
 * A STOP reply sets stopped_at and switches texts off; START clears it.
 */
export const smsPhones = pgTable(
  'sms_phones',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164: +61412345678. */
    phone: text('phone').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    optIn: boolean('opt_in').notNull().default(false),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_phones_phone_idx').on(t.phone)],
);

/**
 * Every text the portal sends (the SMS outbox): written in the transaction of the change that causes it,
 * with its `sms` job, which may start later (quiet hours). Without Twilio keys the text stays here and
 * the dev mailbox shows it. A text past the recipient's quota is kept withheld, with no body.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** E.164. */
    to: text('to').notNull(),
    /** SMS_QUOTAS: verify-code, kit-progress, reminder. */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    /** The notification it belongs to (its SMS delivery row keeps the status); none for a code. */
    notificationId: bigint('notification_id', { mode: 'number' }).references(() => notifications.id, {
      onDelete: 'set null',
    }),
    withheld: boolean('withheld').notNull().default(false),
    /** When it may go out: now, or 08:00 in the person's zone after quiet hours. */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's id of the message (Twilio's SM…). */
    providerId: text('provider_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider's last word on the text (Twilio's status callback): delivered, undelivered, failed. */
    providerStatus: text('provider_status'),
    providerStatusAt: timestamp('provider_status_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_outbox_to_idx').on(t.to, t.kind, t.createdAt).where(sql`not ${t.withheld}`),
    index('sms_outbox_notification_idx').on(t.notificationId),
    index('sms_outbox_provider_idx').on(t.providerId),
  ],
);

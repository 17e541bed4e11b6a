import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { kits } from './kits.ts';
import { outbox } from './outbox.ts';
import { users } from './users.ts';

/**
 * One message to a person (issue 35): its category, words and the page where they act, read or unread.
 * Written in the transaction of the change that causes it (features/notifications). The words are
 * packages/domain's notifications.ts, stored as sent. A notification to someone with no portal account
 * (a candidate, a practitioner, a staff member, a former address) has no user and names its `recipient`
 * address instead: it has an email delivery and no inbox (decision 058).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address of an email-only notification (no user); null when it is a person's (user_id). */
    recipient: text('recipient'),
    /** NotificationKind of packages/domain (kit-dispatched, reminder-questionnaires…). */
    kind: text('kind').notNull(),
    /** NOTIFICATION_CATEGORIES: an email category the person may switch off, or a transactional one. */
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The portal path where the person acts (/surveys), and the label of that action. */
    link: text('link'),
    actionLabel: text('action_label'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The bell's count: a person's unread messages.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check('notifications_addressed', sql`${t.userId} is not null or ${t.recipient} is not null`),
  ],
);

/**
 * How a notification went out: one row per channel and attempt (a resend by support adds one). An email
 * delivery names its outbox row; the mail job and the bounce feed keep its status.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** NOTIFICATION_CHANNELS: IN_APP, EMAIL. */
    channel: text('channel').notNull(),
    /** DELIVERY_STATUSES. */
    status: text('status').notNull(),
    /** Why it was not sent, or the mail server's last answer. */
    detail: text('detail'),
    outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_deliveries_notification_idx').on(t.notificationId),
    index('notification_deliveries_outbox_idx').on(t.outboxId),
  ],
);

/**
 * A reminder (issue 35 item 3): due at a time after the event that starts it, sent once by its job
 * unless its task is done first. One row per person, kind, subject (a kit, or the account) and step:
 * the unique key makes scheduling it twice a no-op. Exactly one of sent_at and cancelled_at is set once
 * it is settled; `outcome` says why (SENT, DONE: the task was done, NOT_DUE: its condition no longer holds).
 */
export const reminders = pgTable(
  'reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** REMINDER_KINDS. */
    kind: text('kind').notNull(),
    kitId: integer('kit_id').references(() => kits.id, { onDelete: 'cascade' }),
    /** 'kit:12', or 'account' for a reminder about the person's account. */
    subjectKey: text('subject_key').notNull(),
    step: integer('step').notNull().default(1),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    outcome: text('outcome'),
    notificationId: bigint('notification_id', { mode: 'number' }).references(() => notifications.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    unique('reminders_once').on(t.userId, t.kind, t.subjectKey, t.step),
    index('reminders_pending_idx').on(t.dueAt).where(sql`${t.sentAt} is null and ${t.cancelledAt} is null`),
    index('reminders_kit_idx').on(t.kitId),
  ],
);

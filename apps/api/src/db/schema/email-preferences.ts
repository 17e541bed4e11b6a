import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's choice for one category of non-transactional email (issue 23): kit progress, questionnaire
 * reminders, research news, offers. No row means the category's default (packages/domain's
 * email-preferences.ts). `source` says how it was last set: PROFILE (My Profile), LINK (the unsubscribe
 * page of an email) or ONE_CLICK (the mail client's RFC 8058 one-click POST).
 */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    subscribed: boolean('subscribed').notNull(),
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

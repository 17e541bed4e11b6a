import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * "Download my data" (issue 23): one row per export a person asked for. The export job builds the ZIP
 * and keeps it here (bytea works the same on PostgreSQL and the embedded database); it can be
 * downloaded, signed in, until expires_at. State: QUEUED, READY or FAILED.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('QUEUED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    size: integer('size'),
    sha256: text('sha256'),
    content: bytea('content'),
    error: text('error'),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);

export type DataExportRow = typeof dataExports.$inferSelect;

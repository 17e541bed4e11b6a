import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kits } from './kits.ts';
import { users } from './users.ts';

/** A 15-minute Microbiome Coach call booked on the embedded scheduler, against a kit. */
export const coachBookings = pgTable(
  'coach_bookings',
  {
    id: serial('id').primaryKey(),
    kitId: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // One coach: a slot is booked once; a kit has one booking at a time.
    uniqueIndex('coach_bookings_slot_key').on(t.startsAt).where(sql`cancelled_at is null`),
    uniqueIndex('coach_bookings_kit_key').on(t.kitId).where(sql`cancelled_at is null`),
    index('coach_bookings_user_idx').on(t.userId),
  ],
);

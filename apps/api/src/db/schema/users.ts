import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    phoneNumber: text('phone_number'),
    underAge: boolean('under_age').notNull().default(false),
    guardian: boolean('guardian').notNull().default(false),
    guardianFirstName: text('guardian_first_name'),
    guardianLastName: text('guardian_last_name'),
    userType: text('user_type').notNull().default('CONSUMER'),
    parentConsented: boolean('parent_consented'),
    agreeToDataUsage: boolean('agree_to_data_usage'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    country: text('country').notNull().default('AU'),
    provider: text('provider'),
    gnafId: text('gnaf_id'),
    externalIdentifier: text('external_identifier'),
    referralCode: text('referral_code'),
    participantCode: text('participant_code'),
    authorities: text('authorities').array().notNull().default(sql`'{}'::text[]`),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set after 3 hard bounces (issue 35): the person is asked to check their address; cleared when they do. */
    emailUndeliverableAt: timestamp('email_undeliverable_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by every profile save: a save from a tab that loaded an older version is refused (409), so a
     * second tab cannot undo a saved address (issue 33 item 16).
     */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The console's referral codes count the accounts that registered with each.
    index('users_referral_code_idx').on(t.referralCode).where(sql`${t.referralCode} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;

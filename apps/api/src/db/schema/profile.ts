import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Australian addresses for the embedded address finder, with G-NAF field names. */
export const addresses = pgTable(
  'addresses',
  {
    addressDetailPid: text('address_detail_pid').primaryKey(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    localityName: text('locality_name').notNull(),
    stateTerritory: text('state_territory').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull().default('AU'),
    /** Upper-cased "LINE1 LINE2 LOCALITY STATE POSTCODE", for indexed prefix search. */
    searchText: text('search_text').notNull(),
    /** The same without the street number, so "george st" finds "1 George St". */
    streetSearchText: text('street_search_text').notNull(),
  },
  (t) => [
    index('addresses_search_idx').using('btree', t.searchText.op('text_pattern_ops')),
    index('addresses_street_search_idx').using('btree', t.streetSearchText.op('text_pattern_ops')),
  ],
);

/** A consent flow is an ordered set of consents (flow 3: the data-usage consent on the profile). */
export const consentFlows = pgTable('consent_flows', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const consents = pgTable('consents', {
  id: serial('id').primaryKey(),
  flowId: integer('flow_id')
    .notNull()
    .references(() => consentFlows.id),
  position: integer('position').notNull().default(0),
  title: text('title').notNull(),
  htmlContent: text('html_content').notNull(),
  agreeLabel: text('agree_label').notNull(),
  disagreeLabel: text('disagree_label').notNull(),
  version: text('version').notNull(),
  /** A user field this consent's answer is mirrored to, e.g. agree_to_data_usage. */
  userField: text('user_field'),
});

export const consentResponses = pgTable(
  'consent_responses',
  {
    id: serial('id').primaryKey(),
    consentId: integer('consent_id')
      .notNull()
      .references(() => consents.id),
    consenterType: text('consenter_type').notNull(),
    consenterId: uuid('consenter_id').notNull(),
    consented: boolean('consented').notNull(),
    /**
     * A withdrawal of consent given earlier (consented is then false): a new row, so the history of
     * answers stays as it was (issue 23).
     */
    withdrawal: boolean('withdrawal').notNull().default(false),
    consentVersion: text('consent_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_responses_consenter_idx').on(t.consenterId, t.consentId)],
);

/** Signed parental consent forms uploaded by minors, awaiting or after staff review. */
export const parentalConsentForms = pgTable(
  'parental_consent_forms',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    approved: boolean('approved'),
    /** Why staff declined the form (issue 34): the person reads it in My Profile and in the email. */
    declineReason: text('decline_reason'),
  },
  (t) => [index('parental_consent_forms_user_idx').on(t.userId)],
);

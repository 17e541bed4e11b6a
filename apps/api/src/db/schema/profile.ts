import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
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
  /**
   * What kind of document it is (issue 36): CONSENT (a study or research consent, published by STUDY),
   * TERMS or PRIVACY (the terms of use and privacy policy, published by ADMIN).
   */
  document: text('document').notNull().default('CONSENT'),
});

/**
 * Every published version of a consent, terms or privacy document (issue 36 item 1): its text, the date
 * it takes effect and the plain-language "what changed" staff wrote. `change` says whether people must
 * agree again (MATERIAL) or are only told (MINOR); INITIAL is the version that stood before the first
 * version published from the console. The consents row holds the current version's text.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    consentId: integer('consent_id')
      .notNull()
      .references(() => consents.id),
    version: text('version').notNull(),
    title: text('title').notNull(),
    /** Plain text; paragraphs are separated by a blank line. */
    body: text('body').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }),
    summary: text('summary').notNull().default(''),
    change: text('change').notNull(),
    /** Null for the version that stood before the console published any. */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    /** The staff member who published it (null: the version that stood before, or the operator key). */
    publishedBy: uuid('published_by'),
  },
  (t) => [uniqueIndex('document_versions_consent_version_key').on(t.consentId, t.version)],
);

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
    /** Who gave the answer (issue 36): the person (SELF) or, for a child, their guardian (GUARDIAN). */
    actor: text('actor').notNull().default('SELF'),
    /** Through which page the answer was given (CONSENT_PAGES), null for answers from before. */
    page: text('page'),
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

/**
 * Turning 18 (issue 36 item 3): an account whose holder turned 18, from the day the daily job found it to
 * the handover. MINOR: the young adult's own account; GUARDIAN: a guardian's account for the child. The
 * link's token and the emailed code are kept only as SHA-256 hashes.
 */
export const accountHandovers = pgTable(
  'account_handovers',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    turns18On: date('turns_18_on', { mode: 'string' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the account had when the handover started: the guardian is told there. */
    formerEmail: text('former_email').notNull(),
    newEmail: text('new_email'),
    newPasswordHash: text('new_password_hash'),
    codeHash: text('code_hash'),
    /** The consents the young adult agreed to in their own name, answered when the email is confirmed. */
    agreedConsentIds: integer('agreed_consent_ids').array(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_handovers_user_key').on(t.userId),
    uniqueIndex('account_handovers_token_key').on(t.tokenHash),
  ],
);

import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const recruitments = pgTable('recruitments', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  terminated: boolean('terminated').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One consent of a recruitment's chain; nextConsentId links the chain (null: the last one). */
export const recruitmentConsents = pgTable(
  'recruitment_consents',
  {
    id: serial('id').primaryKey(),
    recruitmentId: integer('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised when stored. */
    htmlContent: text('html_content').notNull(),
    agreeLabel: text('agree_label').notNull(),
    disagreeLabel: text('disagree_label').notNull(),
    url: text('url'),
    thanksResponse: text('thanks_response'),
    nextConsentId: integer('next_consent_id'),
    /** Bumped by every staff edit; an edit from an older version is refused (409, issue 33 item 16). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('recruitment_consents_recruitment_idx').on(t.recruitmentId)],
);

/** A candidate's id is a random UUID: it is part of their emailed consent link and cannot be guessed. */
export const candidates = pgTable(
  'candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recruitmentId: integer('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    source: text('source').notNull().default('INVITED'),
    /** When an expression of interest's email was validated: its consent link works from then on. */
    emailValidatedAt: timestamp('email_validated_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('candidates_recruitment_email_key').on(t.recruitmentId, t.email)],
);

export const candidateResponses = pgTable(
  'candidate_responses',
  {
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    consentId: integer('consent_id')
      .notNull()
      .references(() => recruitmentConsents.id, { onDelete: 'cascade' }),
    consented: boolean('consented').notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.candidateId, t.consentId] })],
);

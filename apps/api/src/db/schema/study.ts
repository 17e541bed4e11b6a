import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A site of the multi-site study; collection times are given in its time zone. */
export const studySites = pgTable(
  'study_sites',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** IANA zone, e.g. Australia/Brisbane. */
    timezone: text('timezone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('study_sites_name_key').on(t.name)],
);

/** A study subject at a site; externalReference is the subject id the site gives them. */
export const studyVisitors = pgTable(
  'study_visitors',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => studySites.id),
    externalReference: text('external_reference').notNull(),
    yearOfBirth: smallint('year_of_birth').notNull(),
    gender: text('gender').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('study_visitors_site_reference_key').on(t.siteId, t.externalReference)],
);

/** A subject's study visit (SV1 or SV2); visitAt is the latest collection's time at the site. */
export const studySiteVisits = pgTable(
  'study_site_visits',
  {
    id: serial('id').primaryKey(),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => studyVisitors.id),
    studyVisit: text('study_visit').notNull(),
    visitAt: text('visit_at'),
    visitAtEpoch: bigint('visit_at_epoch', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('study_site_visits_visitor_visit_key').on(t.visitorId, t.studyVisit)],
);

/** A blood, stool or replacement kit; hashedId is the unguessable id printed on its label. */
export const studyKits = pgTable(
  'study_kits',
  {
    id: serial('id').primaryKey(),
    hashedId: text('hashed_id').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => studySites.id),
    kitType: text('kit_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('study_kits_hashed_id_key').on(t.hashedId), index('study_kits_site_idx').on(t.siteId)],
);

/** A tube of a kit; its label (printed on the tube) is unique across the study. */
export const studyTubes = pgTable(
  'study_tubes',
  {
    id: serial('id').primaryKey(),
    kitId: integer('kit_id')
      .notNull()
      .references(() => studyKits.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    label: text('label').notNull(),
  },
  (t) => [
    uniqueIndex('study_tubes_label_key').on(t.label),
    uniqueIndex('study_tubes_kit_position_key').on(t.kitId, t.position),
  ],
);

/**
 * The requisition of one kit: its collection (date and time at the site, and the instant as epoch ms)
 * for a subject's study visit. One kit of each type per study visit.
 */
export const requisitions = pgTable(
  'requisitions',
  {
    id: serial('id').primaryKey(),
    kitId: integer('kit_id')
      .notNull()
      .references(() => studyKits.id),
    kitType: text('kit_type').notNull(),
    siteVisitId: integer('site_visit_id')
      .notNull()
      .references(() => studySiteVisits.id),
    collectionDateAtSiteTimezone: text('collection_date_at_site_timezone').notNull(),
    collectionTimeAtSiteTimezone: text('collection_time_at_site_timezone').notNull(),
    siteTimezone: text('site_timezone').notNull(),
    collectedAtEpoch: bigint('collected_at_epoch', { mode: 'number' }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requisitions_kit_key').on(t.kitId),
    uniqueIndex('requisitions_visit_kit_type_key').on(t.siteVisitId, t.kitType),
  ],
);

/** A tube of a blood kit replaced by a tube of a replacement kit ('Please Note' of the requisition form). */
export const sampleReplacements = pgTable(
  'sample_replacements',
  {
    id: serial('id').primaryKey(),
    requisitionId: integer('requisition_id')
      .notNull()
      .references(() => requisitions.id, { onDelete: 'cascade' }),
    replacedTubeId: integer('replaced_tube_id')
      .notNull()
      .references(() => studyTubes.id),
    replacedByTubeId: integer('replaced_by_tube_id')
      .notNull()
      .references(() => studyTubes.id),
  },
  (t) => [
    uniqueIndex('sample_replacements_replaced_key').on(t.replacedTubeId),
    uniqueIndex('sample_replacements_replaced_by_key').on(t.replacedByTubeId),
  ],
);

/** What the replacement form recorded: a replacement kit standing in for a subject's kit. */
export const kitReplacements = pgTable(
  'kit_replacements',
  {
    id: serial('id').primaryKey(),
    replacementKitId: integer('replacement_kit_id')
      .notNull()
      .references(() => studyKits.id),
    replacedKitId: integer('replaced_kit_id')
      .notNull()
      .references(() => studyKits.id),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => studyVisitors.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kit_replacements_replacement_key').on(t.replacementKitId)],
);

/** A questionnaire answered for a study kit (the stool questionnaire, survey 19), opened with a token. */
export const studySurveyResults = pgTable(
  'study_survey_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kitId: integer('kit_id')
      .notNull()
      .references(() => studyKits.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('study_survey_results_kit_survey_key').on(t.kitId, t.surveyId)],
);

export const studySurveyAnswers = pgTable(
  'study_survey_answers',
  {
    surveyResultId: uuid('survey_result_id')
      .notNull()
      .references(() => studySurveyResults.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answers: integer('answers').array().notNull(),
    answerString: text('answer_string'),
    definitionVersion: integer('definition_version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('study_survey_answers_key').on(t.surveyResultId, t.questionId)],
);

export type StudyKitRow = typeof studyKits.$inferSelect;
export type StudySiteRow = typeof studySites.$inferSelect;

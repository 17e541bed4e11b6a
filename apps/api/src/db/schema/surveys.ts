import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { kits } from './kits.ts';

/** Every published version of every questionnaire, loaded from the definition files at start-up. */
export const surveyDefinitions = pgTable(
  'survey_definitions',
  {
    surveyType: text('survey_type').notNull(),
    version: integer('version').notNull(),
    definition: jsonb('definition').notNull(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.surveyType, t.version] })],
);

/** One answer per kit, questionnaire and question (questionIds are stable across versions). */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    kitId: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    surveyType: text('survey_type').notNull(),
    questionId: text('question_id').notNull(),
    answers: integer('answers').array().notNull(),
    answerString: text('answer_string'),
    definitionVersion: integer('definition_version').notNull(),
    /** The browser's save counter: a late-arriving older save never overwrites a newer one. */
    clientSequence: bigint('client_sequence', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kitId, t.surveyType, t.questionId] })],
);

-- Answer saves and deletes store their questionnaire's progress on the kit themselves, in the same
-- transaction (decision 029): the trigger that marked it out of date and the stamp that guarded the
-- kits list's late store are gone. Figures a trigger left null are computed by the list when read.
DROP TRIGGER "survey_answers_progress" ON "survey_answers";--> statement-breakpoint
DROP FUNCTION "survey_answer_changed"();--> statement-breakpoint
ALTER TABLE "kits" DROP COLUMN "answers_stamp";

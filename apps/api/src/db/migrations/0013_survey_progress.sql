ALTER TABLE "kits" ADD COLUMN "survey_progress" jsonb DEFAULT '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "answers_stamp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Kits answered before progress was stored: null, so their first read computes it from the answers.
UPDATE "kits" SET "survey_progress" = NULL WHERE "id" IN (SELECT DISTINCT "kit_id" FROM "survey_answers");--> statement-breakpoint
-- Every change to an answer, by whatever path, marks its questionnaire's stored progress as out of date
-- and bumps the kit's stamp, in the same transaction (decision 018).
CREATE FUNCTION "survey_answer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "kits" SET "answers_stamp" = "answers_stamp" + 1,
      "survey_progress" = jsonb_set("survey_progress", ARRAY[OLD."survey_type"], 'null'::jsonb)
    WHERE "id" = OLD."kit_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW."kit_id", NEW."survey_type") IS DISTINCT FROM (OLD."kit_id", OLD."survey_type")) THEN
    UPDATE "kits" SET "answers_stamp" = "answers_stamp" + 1,
      "survey_progress" = jsonb_set("survey_progress", ARRAY[NEW."survey_type"], 'null'::jsonb)
    WHERE "id" = NEW."kit_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "survey_answers_progress" AFTER INSERT OR UPDATE OR DELETE ON "survey_answers"
  FOR EACH ROW EXECUTE FUNCTION "survey_answer_changed"();

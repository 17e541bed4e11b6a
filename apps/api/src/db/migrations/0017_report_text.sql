ALTER TABLE "lab_results" ADD COLUMN "report_text" text;--> statement-breakpoint
-- Reports stored before this column: their text, once.
UPDATE "lab_results" SET "report_text" = "report"::text WHERE "report_text" IS NULL;
ALTER TABLE "lab_results" ADD COLUMN "report_shape" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Reports stored before this column: 1, today's shape (decision 027), where the report carries the explanations
-- and stores each taxon once, with no label or fixed text a reader derives or looks up. The rest stay 0 and
-- are rebuilt once, on their first read.
UPDATE "lab_results" SET "report_shape" = 1 WHERE "report_shape" = 0 AND "report" ?& array['gmwi2Contributions', 'gmhiExplanation', 'reference'] AND NOT "report" ? 'notableTaxa' AND NOT "report" @? '$.composition.phylum[0].label' AND NOT "report" @? '$.gmwi2Contributions.taxa[0].name' AND NOT "report" @? '$.indices.gmwi2.citation';

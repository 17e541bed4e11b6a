CREATE TABLE "lab_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"kit_id" integer NOT NULL,
	"sample_identifier" text NOT NULL,
	"database" text,
	"report_version" text NOT NULL,
	"profile_text" text NOT NULL,
	"report" jsonb NOT NULL,
	"imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_results_kit_key" ON "lab_results" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "lab_results_sample_idx" ON "lab_results" USING btree ("sample_identifier");
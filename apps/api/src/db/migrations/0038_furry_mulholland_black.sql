CREATE TABLE "retracted_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"kit_id" integer NOT NULL,
	"sample_identifier" text NOT NULL,
	"amendment" integer NOT NULL,
	"database" text,
	"report_version" text NOT NULL,
	"profile_text" text NOT NULL,
	"report" jsonb NOT NULL,
	"imported_by" text,
	"approved_by" text,
	"stored_at" timestamp with time zone NOT NULL,
	"retracted_by" text NOT NULL,
	"reason" text NOT NULL,
	"retracted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "required_lab_steps" text[] DEFAULT ARRAY['ACCESSIONING','DNA_EXTRACTION','DNA_LIBRARY_PREP','SEQUENCING']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "qc_state" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "qc_note" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "profile_digest" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "amendment" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "retracted_results" ADD CONSTRAINT "retracted_results_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retracted_results_kit_idx" ON "retracted_results" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "lab_results_digest_idx" ON "lab_results" USING btree ("profile_digest");
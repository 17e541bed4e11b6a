CREATE TABLE "participant_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_by" uuid,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "email_validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participant_codes" ADD CONSTRAINT "participant_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_codes" ADD CONSTRAINT "participant_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "participant_codes_code_hash_key" ON "participant_codes" USING btree ("code_hash");--> statement-breakpoint
-- Expressions of interest made before validation existed: one that already answered a consent followed its emailed link.
UPDATE "candidates" SET "email_validated_at" = now() WHERE "source" = 'EXPRESSION_OF_INTEREST' AND EXISTS (SELECT 1 FROM "candidate_responses" r WHERE r."candidate_id" = "candidates"."id");

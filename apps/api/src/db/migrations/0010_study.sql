CREATE TABLE "kit_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"replacement_kit_id" integer NOT NULL,
	"replaced_kit_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requisitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kit_id" integer NOT NULL,
	"kit_type" text NOT NULL,
	"site_visit_id" integer NOT NULL,
	"collection_date_at_site_timezone" text NOT NULL,
	"collection_time_at_site_timezone" text NOT NULL,
	"site_timezone" text NOT NULL,
	"collected_at_epoch" bigint NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"requisition_id" integer NOT NULL,
	"replaced_tube_id" integer NOT NULL,
	"replaced_by_tube_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_kits" (
	"id" serial PRIMARY KEY NOT NULL,
	"hashed_id" text NOT NULL,
	"site_id" integer NOT NULL,
	"kit_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_site_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_id" integer NOT NULL,
	"study_visit" text NOT NULL,
	"visit_at" text,
	"visit_at_epoch" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_survey_answers" (
	"survey_result_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answers" integer[] NOT NULL,
	"answer_string" text,
	"definition_version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_survey_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kit_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_tubes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kit_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_visitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"external_reference" text NOT NULL,
	"year_of_birth" smallint NOT NULL,
	"gender" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kit_replacements" ADD CONSTRAINT "kit_replacements_replacement_kit_id_study_kits_id_fk" FOREIGN KEY ("replacement_kit_id") REFERENCES "public"."study_kits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_replacements" ADD CONSTRAINT "kit_replacements_replaced_kit_id_study_kits_id_fk" FOREIGN KEY ("replaced_kit_id") REFERENCES "public"."study_kits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_replacements" ADD CONSTRAINT "kit_replacements_visitor_id_study_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."study_visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_kit_id_study_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."study_kits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_site_visit_id_study_site_visits_id_fk" FOREIGN KEY ("site_visit_id") REFERENCES "public"."study_site_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_replacements" ADD CONSTRAINT "sample_replacements_requisition_id_requisitions_id_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."requisitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_replacements" ADD CONSTRAINT "sample_replacements_replaced_tube_id_study_tubes_id_fk" FOREIGN KEY ("replaced_tube_id") REFERENCES "public"."study_tubes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_replacements" ADD CONSTRAINT "sample_replacements_replaced_by_tube_id_study_tubes_id_fk" FOREIGN KEY ("replaced_by_tube_id") REFERENCES "public"."study_tubes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_kits" ADD CONSTRAINT "study_kits_site_id_study_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."study_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_site_visits" ADD CONSTRAINT "study_site_visits_visitor_id_study_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."study_visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_survey_answers" ADD CONSTRAINT "study_survey_answers_survey_result_id_study_survey_results_id_fk" FOREIGN KEY ("survey_result_id") REFERENCES "public"."study_survey_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_survey_results" ADD CONSTRAINT "study_survey_results_kit_id_study_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."study_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_tubes" ADD CONSTRAINT "study_tubes_kit_id_study_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."study_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_visitors" ADD CONSTRAINT "study_visitors_site_id_study_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."study_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kit_replacements_replacement_key" ON "kit_replacements" USING btree ("replacement_kit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requisitions_kit_key" ON "requisitions" USING btree ("kit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requisitions_visit_kit_type_key" ON "requisitions" USING btree ("site_visit_id","kit_type");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_replacements_replaced_key" ON "sample_replacements" USING btree ("replaced_tube_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_replacements_replaced_by_key" ON "sample_replacements" USING btree ("replaced_by_tube_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_kits_hashed_id_key" ON "study_kits" USING btree ("hashed_id");--> statement-breakpoint
CREATE INDEX "study_kits_site_idx" ON "study_kits" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_site_visits_visitor_visit_key" ON "study_site_visits" USING btree ("visitor_id","study_visit");--> statement-breakpoint
CREATE UNIQUE INDEX "study_sites_name_key" ON "study_sites" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "study_survey_answers_key" ON "study_survey_answers" USING btree ("survey_result_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_survey_results_kit_survey_key" ON "study_survey_results" USING btree ("kit_id","survey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_tubes_label_key" ON "study_tubes" USING btree ("label");--> statement-breakpoint
CREATE UNIQUE INDEX "study_tubes_kit_position_key" ON "study_tubes" USING btree ("kit_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "study_visitors_site_reference_key" ON "study_visitors" USING btree ("site_id","external_reference");
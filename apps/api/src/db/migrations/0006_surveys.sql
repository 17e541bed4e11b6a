CREATE TABLE "survey_answers" (
	"kit_id" integer NOT NULL,
	"survey_type" text NOT NULL,
	"question_id" text NOT NULL,
	"answers" integer[] NOT NULL,
	"answer_string" text,
	"definition_version" integer NOT NULL,
	"client_sequence" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_answers_kit_id_survey_type_question_id_pk" PRIMARY KEY("kit_id","survey_type","question_id")
);
--> statement-breakpoint
CREATE TABLE "survey_definitions" (
	"survey_type" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_definitions_survey_type_version_pk" PRIMARY KEY("survey_type","version")
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;
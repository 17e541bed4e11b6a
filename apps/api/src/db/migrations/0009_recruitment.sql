CREATE TABLE "candidate_responses" (
	"candidate_id" uuid NOT NULL,
	"consent_id" integer NOT NULL,
	"consented" boolean NOT NULL,
	"responded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_responses_candidate_id_consent_id_pk" PRIMARY KEY("candidate_id","consent_id")
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recruitment_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text,
	"source" text DEFAULT 'INVITED' NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"recruitment_id" integer NOT NULL,
	"title" text NOT NULL,
	"html_content" text NOT NULL,
	"agree_label" text NOT NULL,
	"disagree_label" text NOT NULL,
	"url" text,
	"thanks_response" text,
	"next_consent_id" integer
);
--> statement-breakpoint
CREATE TABLE "recruitments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"terminated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_responses" ADD CONSTRAINT "candidate_responses_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_responses" ADD CONSTRAINT "candidate_responses_consent_id_recruitment_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."recruitment_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_consents" ADD CONSTRAINT "recruitment_consents_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_recruitment_email_key" ON "candidates" USING btree ("recruitment_id","email");--> statement-breakpoint
CREATE INDEX "recruitment_consents_recruitment_idx" ON "recruitment_consents" USING btree ("recruitment_id");
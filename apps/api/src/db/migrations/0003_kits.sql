CREATE TABLE "kit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kit_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"actor" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kits" (
	"id" serial PRIMARY KEY NOT NULL,
	"hashed_id" text NOT NULL,
	"project_id" integer NOT NULL,
	"owner_id" uuid,
	"name" text,
	"notes" text,
	"kit_status" text DEFAULT 'UNASSIGNED' NOT NULL,
	"sample_status" text,
	"sample_identifier" text NOT NULL,
	"voucher_code" text NOT NULL,
	"referral_code" text,
	"redeemed_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"display_date" text,
	"report_received" boolean DEFAULT false NOT NULL,
	"survey_result_id" text,
	"ship_first_name" text,
	"ship_last_name" text,
	"ship_address_line1" text,
	"ship_address_line2" text,
	"ship_suburb" text,
	"ship_state" text,
	"ship_postcode" text,
	"ship_gnaf_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"phone" text,
	"email" text,
	"logistic_type" text DEFAULT 'LAB_MANAGED' NOT NULL,
	"result_delivery_type" text,
	"exercise_survey_enabled" boolean DEFAULT true NOT NULL,
	"food_survey_enabled" boolean DEFAULT true NOT NULL,
	"medical_survey_enabled" boolean DEFAULT true NOT NULL,
	"mental_survey_enabled" boolean DEFAULT true NOT NULL,
	"sampling_survey_enabled" boolean DEFAULT true NOT NULL,
	"infant_demographic_enabled" boolean DEFAULT false NOT NULL,
	"infant_day_of_sampling_enabled" boolean DEFAULT false NOT NULL,
	"infant_medical_history_enabled" boolean DEFAULT false NOT NULL,
	"giving_allowed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_kits" (
	"id" serial PRIMARY KEY NOT NULL,
	"kit_id" integer NOT NULL,
	"giver_id" uuid NOT NULL,
	"receiver_email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kit_events" ADD CONSTRAINT "kit_events_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kits" ADD CONSTRAINT "kits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kits" ADD CONSTRAINT "kits_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_kits" ADD CONSTRAINT "sent_kits_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_kits" ADD CONSTRAINT "sent_kits_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kit_events_kit_idx" ON "kit_events" USING btree ("kit_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "kits_voucher_key" ON "kits" USING btree ("voucher_code");--> statement-breakpoint
CREATE UNIQUE INDEX "kits_hashed_id_key" ON "kits" USING btree ("hashed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kits_sample_identifier_key" ON "kits" USING btree ("sample_identifier");--> statement-breakpoint
CREATE INDEX "kits_owner_idx" ON "kits" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "sent_kits_giver_idx" ON "sent_kits" USING btree ("giver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sent_kits_kit_key" ON "sent_kits" USING btree ("kit_id");--> statement-breakpoint
INSERT INTO "projects" ("id", "name", "logistic_type", "result_delivery_type") VALUES (1, 'Microbiome insight kit', 'LAB_MANAGED', 'PORTAL');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('projects', 'id'), 1);

CREATE TABLE "results_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"items" text NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sample_receipts" (
	"kit_id" integer PRIMARY KEY NOT NULL,
	"condition" text NOT NULL,
	"collection_date" date,
	"collection_date_source" text,
	"transit_days" integer,
	"freezer" text NOT NULL,
	"box" text NOT NULL,
	"position" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" text,
	"quarantined_at" timestamp with time zone,
	"quarantine_reason" text,
	"decision" text,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "lab_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"target" text NOT NULL,
	"scope" text NOT NULL,
	"items" jsonb NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lab_plate_wells" (
	"plate_id" integer NOT NULL,
	"well" text NOT NULL,
	"kit_id" integer NOT NULL,
	"placed_by" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_plate_wells_plate_id_well_pk" PRIMARY KEY("plate_id","well")
);
--> statement-breakpoint
CREATE TABLE "lab_plates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"run_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_plates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "lab_run_controls" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"profile_text" text NOT NULL,
	"reads" integer,
	"distance" double precision,
	"passed" boolean NOT NULL,
	"finding" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"project_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"override_reason" text,
	"overridden_by" text,
	"overridden_at" timestamp with time zone,
	CONSTRAINT "lab_runs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "project_lab_controls" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"blank_max_reads" integer NOT NULL,
	"positive_max_distance" double precision NOT NULL,
	"positive_name" text NOT NULL,
	"positive_reference" text
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"to" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"notification_id" bigint,
	"withheld" boolean DEFAULT false NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_phones" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"verified_at" timestamp with time zone,
	"opt_in" boolean DEFAULT false NOT NULL,
	"stopped_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mailouts" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "mailouts" ADD COLUMN "recruitment_id" integer;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "sample_receipts" ADD CONSTRAINT "sample_receipts_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_plate_wells" ADD CONSTRAINT "lab_plate_wells_plate_id_lab_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."lab_plates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_plate_wells" ADD CONSTRAINT "lab_plate_wells_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_plates" ADD CONSTRAINT "lab_plates_run_id_lab_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."lab_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_run_controls" ADD CONSTRAINT "lab_run_controls_run_id_lab_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."lab_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_runs" ADD CONSTRAINT "lab_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_lab_controls" ADD CONSTRAINT "project_lab_controls_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_phones" ADD CONSTRAINT "sms_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "results_uploads_expires_idx" ON "results_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_receipts_place_key" ON "sample_receipts" USING btree ("freezer","box","position");--> statement-breakpoint
CREATE INDEX "sample_receipts_open_quarantine_idx" ON "sample_receipts" USING btree ("quarantined_at") WHERE "sample_receipts"."quarantined_at" is not null and "sample_receipts"."decision" is null;--> statement-breakpoint
CREATE INDEX "sample_receipts_not_intact_idx" ON "sample_receipts" USING btree ("received_at") WHERE "sample_receipts"."condition" <> 'INTACT';--> statement-breakpoint
CREATE INDEX "lab_moves_actor_idx" ON "lab_moves" USING btree ("actor","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_plate_wells_kit_idx" ON "lab_plate_wells" USING btree ("kit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_run_controls_kind_idx" ON "lab_run_controls" USING btree ("run_id","kind");--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to","kind","created_at") WHERE not "sms_outbox"."withheld";--> statement-breakpoint
CREATE INDEX "sms_outbox_notification_idx" ON "sms_outbox" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "sms_phones_phone_idx" ON "sms_phones" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "mailouts" ADD CONSTRAINT "mailouts_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailouts_recruitment_idx" ON "mailouts" USING btree ("recruitment_id","created_at");--> statement-breakpoint
CREATE INDEX "project_members_project_idx" ON "project_members" USING btree ("project_id","joined_at","user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_addressed" CHECK ("notifications"."user_id" is not null or "notifications"."recipient" is not null);--> statement-breakpoint
ALTER TABLE "mailouts" ADD CONSTRAINT "mailouts_one_audience" CHECK (("mailouts"."project_id" is null) <> ("mailouts"."recruitment_id" is null));--> statement-breakpoint
UPDATE "users" SET "under_age" = false, "updated_at" = now()
WHERE "under_age" = true
  AND "date_of_birth" IS NOT NULL
  AND "date_of_birth" + interval '18 years' < (now() AT TIME ZONE 'Australia/Brisbane')::date - 7
  AND NOT EXISTS (SELECT 1 FROM "account_handovers" h WHERE h."user_id" = "users"."id");

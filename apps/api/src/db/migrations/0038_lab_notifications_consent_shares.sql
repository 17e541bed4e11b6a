CREATE TABLE "dispatch_batch_kits" (
	"kit_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"dispatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_by" uuid,
	"pack_verified_at" timestamp with time zone,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"detail" text,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"action_label" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"kit_id" integer,
	"subject_key" text NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"outcome" text,
	"notification_id" bigint,
	CONSTRAINT "reminders_once" UNIQUE("user_id","kind","subject_key","step")
);
--> statement-breakpoint
CREATE TABLE "mailouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipients" integer,
	"queued_at" timestamp with time zone,
	"rate_per_second" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"turns_18_on" date NOT NULL,
	"token_hash" text NOT NULL,
	"former_email" text NOT NULL,
	"new_email" text,
	"new_password_hash" text,
	"code_hash" text,
	"agreed_consent_ids" integer[],
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"consent_id" integer NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"effective_date" date,
	"summary" text DEFAULT '' NOT NULL,
	"change" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now(),
	"published_by" uuid
);
--> statement-breakpoint
CREATE TABLE "report_share_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"browser" text NOT NULL,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "report_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"samples" text[] NOT NULL,
	"payload" text,
	"pin_hash" text,
	"failed_pins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"recipient_code" text,
	"recipient_name" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "case_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"author_id" uuid,
	"author_label" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "order_refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "required_lab_steps" text[] DEFAULT ARRAY['ACCESSIONING','DNA_EXTRACTION','DNA_LIBRARY_PREP','SEQUENCING']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "mailout_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "bounce" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_responses" ADD COLUMN "actor" text DEFAULT 'SELF' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_responses" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "document" text DEFAULT 'CONSENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "parental_consent_forms" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "qc_state" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "qc_note" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "profile_digest" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "amendment" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_undeliverable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispatch_batch_kits" ADD CONSTRAINT "dispatch_batch_kits_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailouts" ADD CONSTRAINT "mailouts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailouts" ADD CONSTRAINT "mailouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_handovers" ADD CONSTRAINT "account_handovers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_share_views" ADD CONSTRAINT "report_share_views_share_id_report_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."report_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retracted_results" ADD CONSTRAINT "retracted_results_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_batch_kits_day_idx" ON "dispatch_batch_kits" USING btree ("day","dispatched_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_notification_idx" ON "notification_deliveries" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_outbox_idx" ON "notification_deliveries" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "reminders_pending_idx" ON "reminders" USING btree ("due_at") WHERE "reminders"."sent_at" is null and "reminders"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "reminders_kit_idx" ON "reminders" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "mailouts_project_idx" ON "mailouts" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_handovers_user_key" ON "account_handovers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_handovers_token_key" ON "account_handovers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_consent_version_key" ON "document_versions" USING btree ("consent_id","version");--> statement-breakpoint
CREATE INDEX "report_share_views_share_idx" ON "report_share_views" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "report_shares_owner_idx" ON "report_shares" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "retracted_results_kit_idx" ON "retracted_results" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "case_notes_user_idx" ON "case_notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_mailout_recipient_key" ON "outbox" USING btree ("mailout_id","to") WHERE "outbox"."mailout_id" is not null;--> statement-breakpoint
CREATE INDEX "lab_results_digest_idx" ON "lab_results" USING btree ("profile_digest");--> statement-breakpoint
INSERT INTO "consent_flows" ("id", "name") VALUES (90, 'Terms and privacy') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "consents" ("flow_id", "position", "title", "html_content", "agree_label", "disagree_label", "version", "document") SELECT 90, 0, 'Terms of Use', '<p>The terms of use of the portal, the sampling kits and the reports.</p>', 'I agree to the Terms of Use', 'I do not agree', 'v4.0', 'TERMS' WHERE NOT EXISTS (SELECT 1 FROM "consents" WHERE "document" = 'TERMS');--> statement-breakpoint
INSERT INTO "consents" ("flow_id", "position", "title", "html_content", "agree_label", "disagree_label", "version", "document") SELECT 90, 1, 'Privacy Policy', '<p>How we collect, use and protect your personal and health information.</p>', 'I agree to the Privacy Policy', 'I do not agree', 'v9.0', 'PRIVACY' WHERE NOT EXISTS (SELECT 1 FROM "consents" WHERE "document" = 'PRIVACY');

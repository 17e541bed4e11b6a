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
ALTER TABLE "consent_responses" ADD COLUMN "actor" text DEFAULT 'SELF' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_responses" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "document" text DEFAULT 'CONSENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_handovers" ADD CONSTRAINT "account_handovers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_handovers_user_key" ON "account_handovers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_handovers_token_key" ON "account_handovers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_consent_version_key" ON "document_versions" USING btree ("consent_id","version");--> statement-breakpoint
-- Issue 36: the terms of use and the privacy policy as documents of the consent ledger (flow 90), so that
-- agreeing to them, and agreeing again after a material change, is an answer like any other.
INSERT INTO "consent_flows" ("id", "name") VALUES (90, 'Terms and privacy') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "consents" ("flow_id", "position", "title", "html_content", "agree_label", "disagree_label", "version", "document") SELECT 90, 0, 'Terms of Use', '<p>The terms of use of the portal, the sampling kits and the reports.</p>', 'I agree to the Terms of Use', 'I do not agree', 'v4.0', 'TERMS' WHERE NOT EXISTS (SELECT 1 FROM "consents" WHERE "document" = 'TERMS');--> statement-breakpoint
INSERT INTO "consents" ("flow_id", "position", "title", "html_content", "agree_label", "disagree_label", "version", "document") SELECT 90, 1, 'Privacy Policy', '<p>How we collect, use and protect your personal and health information.</p>', 'I agree to the Privacy Policy', 'I do not agree', 'v9.0', 'PRIVACY' WHERE NOT EXISTS (SELECT 1 FROM "consents" WHERE "document" = 'PRIVACY');

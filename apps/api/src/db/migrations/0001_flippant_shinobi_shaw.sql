CREATE TABLE "addresses" (
	"address_detail_pid" text PRIMARY KEY NOT NULL,
	"address_line_1" text NOT NULL,
	"address_line_2" text,
	"locality_name" text NOT NULL,
	"state_territory" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'AU' NOT NULL,
	"search_text" text NOT NULL,
	"street_search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_flows" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"consent_id" integer NOT NULL,
	"consenter_type" text NOT NULL,
	"consenter_id" uuid NOT NULL,
	"consented" boolean NOT NULL,
	"consent_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"html_content" text NOT NULL,
	"agree_label" text NOT NULL,
	"disagree_label" text NOT NULL,
	"version" text NOT NULL,
	"user_field" text
);
--> statement-breakpoint
CREATE TABLE "parental_consent_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"approved" boolean
);
--> statement-breakpoint
ALTER TABLE "consent_responses" ADD CONSTRAINT "consent_responses_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_flow_id_consent_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."consent_flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_consent_forms" ADD CONSTRAINT "parental_consent_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_search_idx" ON "addresses" USING btree ("search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "addresses_street_search_idx" ON "addresses" USING btree ("street_search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "consent_responses_consenter_idx" ON "consent_responses" USING btree ("consenter_id","consent_id");--> statement-breakpoint
CREATE INDEX "parental_consent_forms_user_idx" ON "parental_consent_forms" USING btree ("user_id");
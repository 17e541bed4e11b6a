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
ALTER TABLE "referral_codes" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "report_share_views" ADD CONSTRAINT "report_share_views_share_id_report_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."report_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_share_views_share_idx" ON "report_share_views" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "report_shares_owner_idx" ON "report_shares" USING btree ("owner_id");
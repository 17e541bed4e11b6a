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
ALTER TABLE "sample_receipts" ADD CONSTRAINT "sample_receipts_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "results_uploads_expires_idx" ON "results_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_receipts_place_key" ON "sample_receipts" USING btree ("freezer","box","position");--> statement-breakpoint
CREATE INDEX "sample_receipts_open_quarantine_idx" ON "sample_receipts" USING btree ("quarantined_at") WHERE "sample_receipts"."quarantined_at" is not null and "sample_receipts"."decision" is null;--> statement-breakpoint
CREATE INDEX "sample_receipts_not_intact_idx" ON "sample_receipts" USING btree ("received_at") WHERE "sample_receipts"."condition" <> 'INTACT';
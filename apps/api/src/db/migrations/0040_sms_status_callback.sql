ALTER TABLE "sms_outbox" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider_status_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_outbox_provider_idx" ON "sms_outbox" USING btree ("provider_id");
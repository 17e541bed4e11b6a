DROP INDEX "outbox_unqueued_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_recipient_kind_idx" ON "outbox" USING btree ("to","kind","created_at");--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "queued_at";
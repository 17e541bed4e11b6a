DROP INDEX "outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_unqueued_idx" ON "outbox" USING btree ("id") WHERE "outbox"."queued_at" is null and "outbox"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "next_attempt_at";
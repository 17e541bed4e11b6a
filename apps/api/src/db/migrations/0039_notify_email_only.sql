ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_addressed" CHECK ("notifications"."user_id" is not null or "notifications"."recipient" is not null);
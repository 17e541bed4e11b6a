-- notify (issue 35 item 1): email-only notifications for people with no portal account.
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "recipient" text;
DO $$ BEGIN
  ALTER TABLE "notifications" ADD CONSTRAINT "notifications_addressed" CHECK ("notifications"."user_id" is not null or "notifications"."recipient" is not null);
EXCEPTION WHEN duplicate_object THEN NULL; END $$;

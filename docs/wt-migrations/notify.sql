-- notify (issue 35 item 1): email-only notifications for people with no portal account.
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "recipient" text;
DO $$ BEGIN
  ALTER TABLE "notifications" ADD CONSTRAINT "notifications_addressed" CHECK ("notifications"."user_id" is not null or "notifications"."recipient" is not null);
EXCEPTION WHEN duplicate_object THEN NULL; END $$;

-- notify (issue 35 item 7): a study mail-out to a recruitment's candidates.
ALTER TABLE "mailouts" ALTER COLUMN "project_id" DROP NOT NULL;
ALTER TABLE "mailouts" ADD COLUMN IF NOT EXISTS "recruitment_id" integer;
DO $$ BEGIN
  ALTER TABLE "mailouts" ADD CONSTRAINT "mailouts_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
CREATE INDEX IF NOT EXISTS "mailouts_recruitment_idx" ON "mailouts" USING btree ("recruitment_id","created_at");
DO $$ BEGIN
  ALTER TABLE "mailouts" ADD CONSTRAINT "mailouts_one_audience" CHECK (("mailouts"."project_id" is null) <> ("mailouts"."recruitment_id" is null));
EXCEPTION WHEN duplicate_object THEN NULL; END $$;

-- Branch admin (issue 34 items 15 and 18): staff sessions list and forced sign-out; participants of a project.
ALTER TABLE "staff_sessions" ADD COLUMN IF NOT EXISTS "device" text;
ALTER TABLE "staff_sessions" ADD COLUMN IF NOT EXISTS "network" text;
ALTER TABLE "staff_sessions" ADD COLUMN IF NOT EXISTS "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
ALTER TABLE "staff_sessions" ADD COLUMN IF NOT EXISTS "ended_at" timestamp with time zone;
ALTER TABLE "staff_sessions" ADD COLUMN IF NOT EXISTS "ended_reason" text;
CREATE INDEX IF NOT EXISTS "project_members_project_idx" ON "project_members" USING btree ("project_id","joined_at","user_id");
-- No data backfill: sessions from before have no device or network (shown as unknown), last seen = now.

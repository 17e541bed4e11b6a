-- kitwas (issue 36, decision 0xx-kitwas-handover-first-run): data only, no schema change. Idempotent.
-- The turning-18 job starts handovers only for birthdays at most 7 days (HANDOVER_CATCH_UP_DAYS) before
-- the day it runs. A minor's own account whose holder turned 18 before that, and so is never started by
-- the job, would keep a stale under-age flag: it is cleared once here, silently (no mail, no handover).
-- The under-age rules already follow the date of birth (decision 052), so nobody sees a change.
UPDATE "users" SET "under_age" = false, "updated_at" = now()
WHERE "under_age" = true
  AND "date_of_birth" IS NOT NULL
  AND "date_of_birth" + interval '18 years' < (now() AT TIME ZONE 'Australia/Brisbane')::date - 7
  AND NOT EXISTS (SELECT 1 FROM "account_handovers" h WHERE h."user_id" = "users"."id");

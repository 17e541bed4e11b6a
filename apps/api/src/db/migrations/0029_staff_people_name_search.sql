-- The staff console finds people's kits by name: every word typed starts the first or the last name,
-- in any case (decision 037). text_pattern_ops lets `lower(name) like 'word%'` use the index whatever
-- the database's collation.
CREATE INDEX IF NOT EXISTS "users_first_name_lower_idx" ON "users" (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_name_lower_idx" ON "users" (lower("last_name") text_pattern_ops);

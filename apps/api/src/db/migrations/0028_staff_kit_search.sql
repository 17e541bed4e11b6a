CREATE INDEX "kits_updated_idx" ON "kits" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "kits_status_updated_idx" ON "kits" USING btree ("kit_status","updated_at","id");--> statement-breakpoint
CREATE INDEX "kits_sample_status_updated_idx" ON "kits" USING btree ("sample_status","updated_at","id");--> statement-breakpoint
CREATE INDEX "kits_project_updated_idx" ON "kits" USING btree ("project_id","updated_at","id");
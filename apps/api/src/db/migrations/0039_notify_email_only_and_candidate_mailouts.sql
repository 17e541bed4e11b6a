ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mailouts" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "mailouts" ADD COLUMN "recruitment_id" integer;--> statement-breakpoint
ALTER TABLE "mailouts" ADD CONSTRAINT "mailouts_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailouts_recruitment_idx" ON "mailouts" USING btree ("recruitment_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_addressed" CHECK ("notifications"."user_id" is not null or "notifications"."recipient" is not null);--> statement-breakpoint
ALTER TABLE "mailouts" ADD CONSTRAINT "mailouts_one_audience" CHECK (("mailouts"."project_id" is null) <> ("mailouts"."recruitment_id" is null));
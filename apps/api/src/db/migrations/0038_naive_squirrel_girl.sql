CREATE TABLE "mailouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipients" integer,
	"queued_at" timestamp with time zone,
	"rate_per_second" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "mailout_id" integer;--> statement-breakpoint
ALTER TABLE "mailouts" ADD CONSTRAINT "mailouts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailouts" ADD CONSTRAINT "mailouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailouts_project_idx" ON "mailouts" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_mailout_recipient_key" ON "outbox" USING btree ("mailout_id","to") WHERE "outbox"."mailout_id" is not null;
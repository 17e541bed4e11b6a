CREATE TABLE "dispatch_batch_kits" (
	"kit_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"dispatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_by" uuid,
	"pack_verified_at" timestamp with time zone,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text
);
--> statement-breakpoint
ALTER TABLE "dispatch_batch_kits" ADD CONSTRAINT "dispatch_batch_kits_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_batch_kits_day_idx" ON "dispatch_batch_kits" USING btree ("day","dispatched_at");
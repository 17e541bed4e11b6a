CREATE TABLE "coach_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kit_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coach_bookings" ADD CONSTRAINT "coach_bookings_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_bookings" ADD CONSTRAINT "coach_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_bookings_slot_key" ON "coach_bookings" USING btree ("starts_at") WHERE cancelled_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_bookings_kit_key" ON "coach_bookings" USING btree ("kit_id") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "coach_bookings_user_idx" ON "coach_bookings" USING btree ("user_id");
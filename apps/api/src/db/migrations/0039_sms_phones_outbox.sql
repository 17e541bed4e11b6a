CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"to" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"notification_id" bigint,
	"withheld" boolean DEFAULT false NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_phones" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"verified_at" timestamp with time zone,
	"opt_in" boolean DEFAULT false NOT NULL,
	"stopped_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_phones" ADD CONSTRAINT "sms_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to","kind","created_at") WHERE not "sms_outbox"."withheld";--> statement-breakpoint
CREATE INDEX "sms_outbox_notification_idx" ON "sms_outbox" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "sms_phones_phone_idx" ON "sms_phones" USING btree ("phone");
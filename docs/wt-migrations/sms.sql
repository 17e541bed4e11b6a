-- Texts (issue 35 item 4, branch sms): a person's mobile number for texts, and the SMS outbox.
CREATE TABLE IF NOT EXISTS "sms_phones" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
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
CREATE TABLE IF NOT EXISTS "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"to" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"notification_id" bigint REFERENCES "notifications"("id") ON DELETE set null,
	"withheld" boolean DEFAULT false NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE INDEX IF NOT EXISTS "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to","kind","created_at") WHERE not "sms_outbox"."withheld";
CREATE INDEX IF NOT EXISTS "sms_outbox_notification_idx" ON "sms_outbox" USING btree ("notification_id");
CREATE INDEX IF NOT EXISTS "sms_phones_phone_idx" ON "sms_phones" USING btree ("phone");

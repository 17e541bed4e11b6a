CREATE TABLE "closure_refunds" (
	"closure_id" uuid NOT NULL,
	"kit_id" integer NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closure_refunds_closure_id_kit_id_pk" PRIMARY KEY("closure_id","kit_id")
);
--> statement-breakpoint
CREATE TABLE "closure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"state" text DEFAULT 'RECEIVED' NOT NULL,
	"requested_by" text NOT NULL,
	"session_id" uuid,
	"email" text,
	"first_name" text,
	"email_hash" text NOT NULL,
	"steps_done" text[] DEFAULT '{}'::text[] NOT NULL,
	"notified_projects" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"last_error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"confirmation_mail_id" bigint,
	"mail_erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sample_destructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sample_identifier" text NOT NULL,
	"kit_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"destroyed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_payment_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "closure_refunds" ADD CONSTRAINT "closure_refunds_closure_id_closure_requests_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."closure_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closure_requests" ADD CONSTRAINT "closure_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_destructions" ADD CONSTRAINT "sample_destructions_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "closure_requests_user_key" ON "closure_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "closure_requests_email_hash_idx" ON "closure_requests" USING btree ("email_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_destructions_sample_key" ON "sample_destructions" USING btree ("sample_identifier");
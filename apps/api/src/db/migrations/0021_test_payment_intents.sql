ALTER TABLE "test_payment_charges" ADD COLUMN "status" text DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_charges" ADD COLUMN "client_secret" text;
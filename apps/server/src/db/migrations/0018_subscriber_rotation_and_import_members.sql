ALTER TABLE "enrollment_imports" DROP CONSTRAINT "enrollment_imports_status_check";--> statement-breakpoint
ALTER TABLE "enrollment_transactions" ADD COLUMN "members" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_subscribers" ADD COLUMN "previous_secret_ciphertext" text;--> statement-breakpoint
ALTER TABLE "webhook_subscribers" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_subscribers" ADD COLUMN "secret_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_subscribers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollment_imports" ADD CONSTRAINT "enrollment_imports_status_check" CHECK ("enrollment_imports"."status" in ('processed', 'refused', 'duplicate'));
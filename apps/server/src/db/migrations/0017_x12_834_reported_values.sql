ALTER TABLE "coverage_spans" ADD COLUMN "rating_area" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "source_exchange_id" text;--> statement-breakpoint
ALTER TABLE "enrollment_transactions" ADD COLUMN "request_submitted" text;
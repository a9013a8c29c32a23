ALTER TABLE "payments" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_through_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "effectuated_coverage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."transaction_status" in ('Pending', 'Succeeded', 'Failed', 'Refunded', 'Returned'));
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"processor_refund_id" text,
	"failure_reason" text,
	"idempotency_key" text NOT NULL,
	"staff_subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_kind_check" CHECK ("payment_refunds"."kind" in ('refund', 'void')),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('Pending', 'Succeeded', 'Failed')),
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "assigned_to_subject" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "assigned_to_name" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_key" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "contact_information_email_idx" ON "contact_information" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contact_information_home_phone_idx" ON "contact_information" USING btree (regexp_replace("home_phone", '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "contact_information_mobile_phone_idx" ON "contact_information" USING btree (regexp_replace("mobile_phone", '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "members_name_dob_idx" ON "members" USING btree (lower("last_name"),"dob",lower("first_name"));--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "service_requests_queue_idx" ON "service_requests" USING btree ("type","status","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_assignee_idx" ON "service_requests" USING btree ("assigned_to_subject","status");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","occurred_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."transaction_status" in ('Pending', 'Succeeded', 'Failed', 'Refunded', 'Returned', 'Voided'));
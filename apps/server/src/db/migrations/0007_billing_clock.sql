CREATE TABLE "autopay_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"period" date NOT NULL,
	"run_date" date NOT NULL,
	"status" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"next_attempt_date" date,
	"amount_cents" integer,
	"payment_id" uuid,
	"reason" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_runs_status_check" CHECK ("autopay_runs"."status" in ('Upcoming', 'Processing', 'Paid', 'Pending', 'RetryScheduled', 'Failed', 'Skipped'))
);
--> statement-breakpoint
DROP INDEX "scheduled_payments_due_idx";--> statement-breakpoint
ALTER TABLE "finances" ADD COLUMN "clock_date" date;--> statement-breakpoint
ALTER TABLE "autopay_subscriptions" ADD COLUMN "days_before_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "autopay_subscriptions" ADD COLUMN "max_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "autopay_subscriptions" ADD COLUMN "skip_period" date;--> statement-breakpoint
ALTER TABLE "autopay_subscriptions" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_subscription_id_autopay_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."autopay_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_runs_once_per_month" ON "autopay_runs" USING btree ("subscription_id","period");--> statement-breakpoint
CREATE INDEX "autopay_runs_due_idx" ON "autopay_runs" USING btree ("run_date") WHERE "autopay_runs"."status" in ('Upcoming', 'Processing', 'RetryScheduled');--> statement-breakpoint
CREATE UNIQUE INDEX "documents_invoice_once" ON "documents" USING btree ("policy_id","period_start") WHERE "documents"."type" = 'invoice';--> statement-breakpoint
CREATE INDEX "scheduled_payments_due_idx" ON "scheduled_payments" USING btree ("payment_date") WHERE "scheduled_payments"."status" in ('Scheduled', 'Processing');--> statement-breakpoint
ALTER TABLE "autopay_subscriptions" ADD CONSTRAINT "autopay_days_before_due_range" CHECK ("autopay_subscriptions"."days_before_due" between 0 and 10);--> statement-breakpoint
ALTER TABLE "autopay_subscriptions" ADD CONSTRAINT "autopay_max_amount_positive" CHECK ("autopay_subscriptions"."max_amount_cents" is null or "autopay_subscriptions"."max_amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD CONSTRAINT "scheduled_payments_status_check" CHECK ("scheduled_payments"."status" in ('Scheduled', 'Processing', 'Paid', 'Pending', 'Failed', 'Cancelled', 'Cleared'));
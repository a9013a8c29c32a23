ALTER TABLE "finances" ADD COLUMN "past_due_months" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "finances" ADD COLUMN "current_due_months" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "finances" ADD COLUMN "announced_status" text;--> statement-breakpoint
ALTER TABLE "reinstatement_eligibility" ADD COLUMN "months" text[] DEFAULT '{}'::text[] NOT NULL;
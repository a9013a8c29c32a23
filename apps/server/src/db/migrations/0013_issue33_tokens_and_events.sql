ALTER TABLE "wallet_bank_accounts" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "wallet_cards" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "processor_events" ADD COLUMN "outcome" text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "processor_events" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
CREATE INDEX "wallet_bank_accounts_fingerprint_idx" ON "wallet_bank_accounts" USING btree ("wallet_id","fingerprint");--> statement-breakpoint
CREATE INDEX "wallet_cards_fingerprint_idx" ON "wallet_cards" USING btree ("wallet_id","fingerprint");
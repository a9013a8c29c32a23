CREATE TABLE "processor_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"transaction_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "processor_events_transaction_idx" ON "processor_events" USING btree ("transaction_id");
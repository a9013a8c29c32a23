CREATE TABLE "enrollment_effectuations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_effectuations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"policy_id" uuid NOT NULL,
	"span_id" uuid NOT NULL,
	"payment_id" uuid,
	"effectuated_on" date NOT NULL,
	"coverage_start" date NOT NULL,
	"paid_through_date" date,
	"reported_file" text,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" text,
	"control_number" text,
	"file_name" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"summary" jsonb NOT NULL,
	"ack999" text,
	"ta1" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollment_imports_status_check" CHECK ("enrollment_imports"."status" in ('processed', 'refused')),
	CONSTRAINT "enrollment_imports_source_check" CHECK ("enrollment_imports"."source" in ('cli', 'api', 'inbox'))
);
--> statement-breakpoint
CREATE TABLE "enrollment_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" uuid NOT NULL,
	"control_number" text NOT NULL,
	"status" text NOT NULL,
	"subscriber_id" text,
	"maintenance" text,
	"effective_date" date,
	"reason" text,
	"segment" integer,
	"policy_id" uuid,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollment_transactions_status_check" CHECK ("enrollment_transactions"."status" in ('applied', 'rejected', 'held', 'released'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscriber_id" uuid NOT NULL,
	"outbox_event_id" bigint NOT NULL,
	"message_id" text NOT NULL,
	"household_id" uuid,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_subscribers_url" CHECK ("webhook_subscribers"."url" ~ '^https?://')
);
--> statement-breakpoint
ALTER TABLE "enrollment_transactions" ADD CONSTRAINT "enrollment_transactions_import_id_enrollment_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."enrollment_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscriber_id_webhook_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."webhook_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_effectuations_span_key" ON "enrollment_effectuations" USING btree ("span_id");--> statement-breakpoint
CREATE INDEX "enrollment_effectuations_unreported_idx" ON "enrollment_effectuations" USING btree ("effectuated_on") WHERE "enrollment_effectuations"."reported_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_imports_interchange_key" ON "enrollment_imports" USING btree ("sender_id","control_number") WHERE "enrollment_imports"."status" = 'processed';--> statement-breakpoint
CREATE INDEX "enrollment_imports_received_idx" ON "enrollment_imports" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "enrollment_transactions_import_idx" ON "enrollment_transactions" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "enrollment_transactions_held_idx" ON "enrollment_transactions" USING btree ("subscriber_id") WHERE "enrollment_transactions"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_key" ON "webhook_deliveries" USING btree ("subscriber_id","outbox_event_id","event_type");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_key" ON "webhook_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("subscriber_id","household_id","id") WHERE "webhook_deliveries"."status" = 'pending';
CREATE TABLE "client_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"event" text NOT NULL,
	"message" text,
	"page" text,
	"details" jsonb,
	"request_id" text NOT NULL,
	"user_agent" text,
	CONSTRAINT "client_events_level_check" CHECK ("client_events"."level" in ('debug', 'info', 'warn', 'error'))
);
--> statement-breakpoint
CREATE INDEX "client_events_received_at_idx" ON "client_events" USING btree ("received_at");
CREATE TABLE "service_request_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_request_attachments_type_check" CHECK ("service_request_attachments"."content_type" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "service_request_attachments_size_check" CHECK ("service_request_attachments"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_subject" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_requests" DROP CONSTRAINT "service_requests_status_check";--> statement-breakpoint
ALTER TABLE "service_requests" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_information" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "effective_date" date;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "requested_by_role" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "requested_by_subject" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_request_attachments" ADD CONSTRAINT "service_request_attachments_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_attachments_request_idx" ON "service_request_attachments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "service_request_events_request_idx" ON "service_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "service_requests_open_idx" ON "service_requests" USING btree ("status","created_at") WHERE "service_requests"."status" in ('Submitted', 'InReview');--> statement-breakpoint
UPDATE "service_requests" SET "status" = 'Cancelled' WHERE "status" = 'Withdrawn';--> statement-breakpoint
UPDATE "service_requests" SET "type" = CASE "type" WHEN 'address-change' THEN 'mailing-address' WHEN 'add-dependent' THEN 'add-dependent' ELSE 'general' END WHERE "type" NOT IN ('contact', 'mailing-address', 'residential-address', 'demographics', 'add-dependent', 'remove-dependent', 'report-change', 'end-coverage', 'change-coverage-dates', 'reinstatement', 'change-plan', 'change-broker', 'pcp', 'additional-product', 'general');--> statement-breakpoint
INSERT INTO "service_request_events" ("request_id", "status", "actor_kind", "created_at") SELECT "id", 'Submitted', 'member', "created_at" FROM "service_requests";--> statement-breakpoint
INSERT INTO "service_request_events" ("request_id", "status", "actor_kind", "note", "created_at") SELECT "id", "status", 'staff', "resolution", "updated_at" FROM "service_requests" WHERE "status" <> 'Submitted';--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_type_check" CHECK ("service_requests"."type" in ('contact', 'mailing-address', 'residential-address', 'demographics', 'add-dependent', 'remove-dependent', 'report-change', 'end-coverage', 'change-coverage-dates', 'reinstatement', 'change-plan', 'change-broker', 'pcp', 'additional-product', 'general'));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('Submitted', 'InReview', 'Completed', 'Rejected', 'Cancelled'));
CREATE TABLE "acting_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_subject" text NOT NULL,
	"staff_role" text,
	"household_id" uuid,
	"subscriber_member_id" uuid,
	"policy_id" uuid,
	"member_id" uuid,
	"reason" text NOT NULL,
	"note" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "acting_sessions_target" CHECK ("acting_sessions"."household_id" is not null or "acting_sessions"."subscriber_member_id" is not null),
	CONSTRAINT "acting_sessions_reason_check" CHECK ("acting_sessions"."reason" in ('member-called', 'member-wrote', 'correcting-record', 'service-request', 'other')),
	CONSTRAINT "acting_sessions_ended" CHECK (("acting_sessions"."ended_at" is null) = ("acting_sessions"."end_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "acting_session_id" uuid;--> statement-breakpoint
ALTER TABLE "acting_sessions" ADD CONSTRAINT "acting_sessions_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acting_sessions" ADD CONSTRAINT "acting_sessions_subscriber_member_id_members_id_fk" FOREIGN KEY ("subscriber_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acting_sessions" ADD CONSTRAINT "acting_sessions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acting_sessions" ADD CONSTRAINT "acting_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acting_sessions_one_open_key" ON "acting_sessions" USING btree ("staff_subject") WHERE "acting_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "acting_sessions_household_idx" ON "acting_sessions" USING btree ("household_id","started_at");--> statement-breakpoint
CREATE INDEX "audit_log_acting_session_idx" ON "audit_log" USING btree ("acting_session_id") WHERE "audit_log"."acting_session_id" is not null;
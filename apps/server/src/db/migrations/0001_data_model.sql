CREATE TABLE "brokers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"npn" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"agency_name" text,
	"email" text,
	"phone" text,
	"licensed_states" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brokers_npn_format" CHECK ("brokers"."npn" ~ '^[0-9]{1,10}$')
);
--> statement-breakpoint
CREATE TABLE "employer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_number" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"employer_contribution_percent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid,
	"street1" text NOT NULL,
	"street2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"county_name" text,
	"fips_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_state_format" CHECK ("addresses"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "addresses_zip_format" CHECK ("addresses"."zip_code" ~ '^[0-9]{5}$'),
	CONSTRAINT "addresses_fips_format" CHECK ("addresses"."fips_code" is null or "addresses"."fips_code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "contact_information" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"email" text,
	"home_phone" text,
	"mobile_phone" text,
	"preferred_contact_method" text DEFAULT 'email' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exchange_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preferences" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"paperless" boolean DEFAULT false NOT NULL,
	"paperless_email" text,
	"tax_forms_electronic_consent" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferences_language_check" CHECK ("preferences"."language" in ('en', 'es', 'pt')),
	CONSTRAINT "preferences_paperless_email" CHECK (not "preferences"."paperless" or "preferences"."paperless_email" is not null)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"line_of_coverage" text NOT NULL,
	"plan_name" text NOT NULL,
	"metal_level" text,
	"plan_type" text NOT NULL,
	"plan_year" integer NOT NULL,
	"effective_date" date NOT NULL,
	"effective_end_date" date NOT NULL,
	"monthly_premium_cents" integer NOT NULL,
	"deductible_cents" integer NOT NULL,
	"out_of_pocket_max_cents" integer NOT NULL,
	"drugs_covered" text NOT NULL,
	"sbc_url" text,
	"logo_url" text,
	"summary" text,
	"details" jsonb,
	CONSTRAINT "plans_id_format" CHECK ("plans"."id" ~ '^[0-9]{5}[A-Z]{2}[0-9]{7}(-[0-9]{2})?$'),
	CONSTRAINT "plans_line_check" CHECK ("plans"."line_of_coverage" in ('Medical', 'Dental', 'Vision')),
	CONSTRAINT "plans_type_check" CHECK ("plans"."plan_type" in ('HMO', 'PPO', 'EPO', 'POS')),
	CONSTRAINT "plans_amounts_non_negative" CHECK ("plans"."monthly_premium_cents" >= 0 and "plans"."deductible_cents" >= 0 and "plans"."out_of_pocket_max_cents" >= 0),
	CONSTRAINT "plans_dates_ordered" CHECK ("plans"."effective_end_date" >= "plans"."effective_date")
);
--> statement-breakpoint
CREATE TABLE "coverage_spans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"add_folder_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"cancelled" boolean DEFAULT false NOT NULL,
	"plan_id" text NOT NULL,
	"plan_type" text NOT NULL,
	"premium_amount_cents" integer NOT NULL,
	"policy_rate_amount_cents" integer NOT NULL,
	"tax_credit_amount_cents" integer DEFAULT 0 NOT NULL,
	"csr_amount_cents" integer DEFAULT 0 NOT NULL,
	"other_subsidy_amount_cents" integer DEFAULT 0 NOT NULL,
	"effectuated_date" date,
	"group_or_policy_number" text NOT NULL,
	CONSTRAINT "coverage_spans_amounts_non_negative" CHECK ("coverage_spans"."premium_amount_cents" >= 0 and "coverage_spans"."policy_rate_amount_cents" >= 0 and "coverage_spans"."tax_credit_amount_cents" >= 0 and "coverage_spans"."csr_amount_cents" >= 0 and "coverage_spans"."other_subsidy_amount_cents" >= 0),
	CONSTRAINT "coverage_spans_credit_within_premium" CHECK ("coverage_spans"."tax_credit_amount_cents" + "coverage_spans"."other_subsidy_amount_cents" <= "coverage_spans"."premium_amount_cents"),
	CONSTRAINT "coverage_spans_dates_ordered" CHECK ("coverage_spans"."cancelled" or "coverage_spans"."end_date" is null or "coverage_spans"."end_date" >= "coverage_spans"."start_date")
);
--> statement-breakpoint
CREATE TABLE "finances" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"premium_amount_due_cents" integer NOT NULL,
	"current_amount_due_cents" integer NOT NULL,
	"past_amount_due_cents" integer DEFAULT 0 NOT NULL,
	"subsidized_amount_cents" integer DEFAULT 0 NOT NULL,
	"hra_amount_cents" integer DEFAULT 0 NOT NULL,
	"unallocated_amount_cents" integer DEFAULT 0 NOT NULL,
	"payment_due_date" date,
	"paid_through_date" date,
	"status" text NOT NULL,
	"delinquent" boolean DEFAULT false NOT NULL,
	"grace_period_start_date" date,
	"grace_period_end_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finances_amounts_non_negative" CHECK ("finances"."premium_amount_due_cents" >= 0 and "finances"."current_amount_due_cents" >= 0 and "finances"."past_amount_due_cents" >= 0 and "finances"."unallocated_amount_cents" >= 0 and "finances"."hra_amount_cents" >= 0 and "finances"."subsidized_amount_cents" >= 0),
	CONSTRAINT "finances_grace_period_shape" CHECK (("finances"."grace_period_start_date" is null) = ("finances"."grace_period_end_date" is null))
);
--> statement-breakpoint
CREATE TABLE "member_spans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"relationship" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"cancelled" boolean DEFAULT false NOT NULL,
	"rating_age" integer NOT NULL,
	"tobacco" boolean DEFAULT false NOT NULL,
	CONSTRAINT "member_spans_dates_ordered" CHECK ("member_spans"."cancelled" or "member_spans"."end_date" is null or "member_spans"."end_date" >= "member_spans"."start_date"),
	CONSTRAINT "member_spans_rating_age" CHECK ("member_spans"."rating_age" between 0 and 130)
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid,
	"folder_id" text NOT NULL,
	"exchange_member_id" text,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"dob" date NOT NULL,
	"gender" text NOT NULL,
	"ssn_last4" text,
	"tobacco" boolean DEFAULT false NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_ssn_last4_format" CHECK ("members"."ssn_last4" is null or "members"."ssn_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "members_gender_check" CHECK ("members"."gender" in ('female', 'male', 'other'))
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid,
	"subscriber_member_id" uuid NOT NULL,
	"policy_number" text NOT NULL,
	"issuer_subscriber_id" text NOT NULL,
	"exchange_subscriber_id" text,
	"market_coverage" integer NOT NULL,
	"off_exchange" boolean NOT NULL,
	"line_of_coverage" text NOT NULL,
	"enrollment_type" text NOT NULL,
	"enrollment_status" text NOT NULL,
	"group_id" uuid,
	"broker_id" uuid,
	"residential_address_id" uuid,
	"mailing_address_id" uuid,
	"file_source" text NOT NULL,
	"is_primary" boolean DEFAULT true NOT NULL,
	"hra_kind" text,
	"hra_percent" numeric(5, 2),
	"hra_amount_cents" integer,
	"hra_start_date" date,
	"hra_end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_market_coverage_check" CHECK ("policies"."market_coverage" in (0, 1, 2)),
	CONSTRAINT "policies_exchange_id_when_on_exchange" CHECK ("policies"."off_exchange" or "policies"."exchange_subscriber_id" is not null),
	CONSTRAINT "policies_group_when_group_market" CHECK ("policies"."market_coverage" <> 2 or "policies"."group_id" is not null),
	CONSTRAINT "policies_hra_shape" CHECK ("policies"."hra_kind" is null or ("policies"."hra_start_date" is not null and (("policies"."hra_kind" = 'percentage' and "policies"."hra_percent" between 0 and 100) or ("policies"."hra_kind" = 'flat' and "policies"."hra_amount_cents" >= 0))))
);
--> statement-breakpoint
CREATE TABLE "reinstatement_eligibility" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"reinstatement_status" text NOT NULL,
	"expiration_date" date,
	"amount_due_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reinstatement_amount_non_negative" CHECK ("reinstatement_eligibility"."amount_due_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm" text NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"given_name" text,
	"family_name" text,
	"password_hash" text,
	"external_subject" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"member_id" uuid,
	"broker_id" uuid,
	"language" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_realm_check" CHECK ("accounts"."realm" in ('consumer', 'workforce'))
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid,
	"policy_id" uuid,
	"type" text NOT NULL,
	"subtype" text NOT NULL,
	"document_date" date NOT NULL,
	"period_start" date,
	"period_end" date,
	"due_date" date,
	"amount_due_cents" integer,
	"tax_year" integer,
	"portal" text DEFAULT 'visible' NOT NULL,
	"facts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_type_check" CHECK ("documents"."type" in ('invoice', 'notice', 'tax')),
	CONSTRAINT "documents_owner" CHECK ("documents"."household_id" is not null or "documents"."policy_id" is not null),
	CONSTRAINT "documents_tax_year" CHECK ("documents"."type" <> 'tax' or "documents"."tax_year" is not null)
);
--> statement-breakpoint
CREATE TABLE "wallet_bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"token" text NOT NULL,
	"last3" text NOT NULL,
	"routing_number" text NOT NULL,
	"bank_name" text,
	"account_type" text NOT NULL,
	"nickname" text,
	"account_holder_name" text NOT NULL,
	"account_holder_address" text,
	"email" text,
	"state" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_bank_accounts_last3_format" CHECK ("wallet_bank_accounts"."last3" ~ '^[0-9]{3}$'),
	CONSTRAINT "wallet_bank_accounts_routing_format" CHECK ("wallet_bank_accounts"."routing_number" ~ '^[0-9]{9}$'),
	CONSTRAINT "wallet_bank_accounts_token_not_a_number" CHECK ("wallet_bank_accounts"."token" !~ '^[0-9 -]+$')
);
--> statement-breakpoint
CREATE TABLE "wallet_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"token" text NOT NULL,
	"card_type" text NOT NULL,
	"last4" text NOT NULL,
	"expiration_month" integer NOT NULL,
	"expiration_year" integer NOT NULL,
	"card_holder_name" text NOT NULL,
	"funding" text NOT NULL,
	"nickname" text,
	"email" text,
	"billing_street1" text NOT NULL,
	"billing_street2" text,
	"billing_city" text NOT NULL,
	"billing_state" text NOT NULL,
	"billing_zip_code" text NOT NULL,
	"state" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_cards_last4_format" CHECK ("wallet_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "wallet_cards_expiry" CHECK ("wallet_cards"."expiration_month" between 1 and 12 and "wallet_cards"."expiration_year" between 2000 and 2100),
	CONSTRAINT "wallet_cards_token_not_a_number" CHECK ("wallet_cards"."token" !~ '^[0-9 -]+$')
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"reference_id" text NOT NULL,
	"default_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autopay_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"amount_type" text NOT NULL,
	"amount_cents" integer,
	"payment_method" text NOT NULL,
	"payment_token" text NOT NULL,
	"run_day" integer NOT NULL,
	"state" text DEFAULT 'Active' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"last_processed" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_run_day_range" CHECK ("autopay_subscriptions"."run_day" between 1 and 28),
	CONSTRAINT "autopay_fixed_amount" CHECK ("autopay_subscriptions"."amount_type" <> 'Fixed' or "autopay_subscriptions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_records_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"transaction_date" date NOT NULL,
	"transaction_id" text NOT NULL,
	"transaction_status" text NOT NULL,
	"payment_method" text NOT NULL,
	"method_last_digits" text,
	"method_brand" text,
	"payment_source" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "scheduled_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"payment_amount_cents" integer NOT NULL,
	"payment_date" date NOT NULL,
	"payment_method" text NOT NULL,
	"payment_token" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'Scheduled' NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_payments_amount_positive" CHECK ("scheduled_payments"."payment_amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"template_name" text NOT NULL,
	"additional_values" jsonb,
	"parent_id" uuid,
	"link" text,
	"link_text_key" text,
	"drop_down_link" text,
	"drop_down_link_text_key" text,
	"document_id" uuid,
	"has_attachment" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_number" text NOT NULL,
	"household_id" uuid NOT NULL,
	"policy_id" uuid,
	"type" text NOT NULL,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"subject" text NOT NULL,
	"details" jsonb,
	"resolution" text,
	"submitted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_referenceNumber_unique" UNIQUE("reference_number"),
	CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('Submitted', 'InReview', 'Completed', 'Rejected', 'Withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_subject" text,
	"actor_role" text,
	"acting_for_household_id" uuid,
	"action" text NOT NULL,
	"route" text,
	"record_type" text,
	"record_ids" text[],
	"outcome" text NOT NULL,
	"reason" text,
	"ip" text,
	"user_agent" text,
	"request_id" text
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_information" ADD CONSTRAINT "contact_information_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_spans" ADD CONSTRAINT "coverage_spans_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_spans" ADD CONSTRAINT "coverage_spans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finances" ADD CONSTRAINT "finances_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_spans" ADD CONSTRAINT "member_spans_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_spans" ADD CONSTRAINT "member_spans_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_subscriber_member_id_members_id_fk" FOREIGN KEY ("subscriber_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_group_id_employer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."employer_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_residential_address_id_addresses_id_fk" FOREIGN KEY ("residential_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_mailing_address_id_addresses_id_fk" FOREIGN KEY ("mailing_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinstatement_eligibility" ADD CONSTRAINT "reinstatement_eligibility_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_bank_accounts" ADD CONSTRAINT "wallet_bank_accounts_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_cards" ADD CONSTRAINT "wallet_cards_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_subscriptions" ADD CONSTRAINT "autopay_subscriptions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD CONSTRAINT "scheduled_payments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD CONSTRAINT "scheduled_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_parent_id_notifications_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_submitted_by_accounts_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brokers_npn_key" ON "brokers" USING btree ("npn");--> statement-breakpoint
CREATE INDEX "brokers_last_first_idx" ON "brokers" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "employer_groups_group_number_key" ON "employer_groups" USING btree ("group_number");--> statement-breakpoint
CREATE INDEX "addresses_household_idx" ON "addresses" USING btree ("household_id");--> statement-breakpoint
CREATE UNIQUE INDEX "households_exchange_id_key" ON "households" USING btree ("exchange_id");--> statement-breakpoint
CREATE INDEX "coverage_spans_policy_start_idx" ON "coverage_spans" USING btree ("policy_id","start_date");--> statement-breakpoint
CREATE INDEX "member_spans_policy_idx" ON "member_spans" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "member_spans_member_idx" ON "member_spans" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_folder_id_key" ON "members" USING btree ("folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_exchange_member_id_key" ON "members" USING btree ("exchange_member_id");--> statement-breakpoint
CREATE INDEX "members_household_idx" ON "members" USING btree ("household_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_policy_number_key" ON "policies" USING btree ("policy_number");--> statement-breakpoint
CREATE INDEX "policies_exchange_subscriber_idx" ON "policies" USING btree ("exchange_subscriber_id");--> statement-breakpoint
CREATE INDEX "policies_household_idx" ON "policies" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "policies_subscriber_idx" ON "policies" USING btree ("subscriber_member_id");--> statement-breakpoint
CREATE INDEX "policies_broker_idx" ON "policies" USING btree ("broker_id");--> statement-breakpoint
CREATE INDEX "policies_group_idx" ON "policies" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "policies_issuer_subscriber_idx" ON "policies" USING btree ("issuer_subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_realm_username_key" ON "accounts" USING btree ("realm",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_external_subject_key" ON "accounts" USING btree ("realm","external_subject");--> statement-breakpoint
CREATE INDEX "accounts_member_idx" ON "accounts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "documents_household_type_date_idx" ON "documents" USING btree ("household_id","type","document_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_policy_type_date_idx" ON "documents" USING btree ("policy_id","type","document_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_bank_accounts_token_key" ON "wallet_bank_accounts" USING btree ("token");--> statement-breakpoint
CREATE INDEX "wallet_bank_accounts_wallet_idx" ON "wallet_bank_accounts" USING btree ("wallet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_cards_token_key" ON "wallet_cards" USING btree ("token");--> statement-breakpoint
CREATE INDEX "wallet_cards_wallet_idx" ON "wallet_cards" USING btree ("wallet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_household_key" ON "wallets" USING btree ("household_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_reference_id_key" ON "wallets" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "autopay_subscriptions_policy_idx" ON "autopay_subscriptions" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "autopay_subscriptions_run_day_idx" ON "autopay_subscriptions" USING btree ("run_day") WHERE "autopay_subscriptions"."state" = 'Active';--> statement-breakpoint
CREATE INDEX "idempotency_records_expires_idx" ON "idempotency_records" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_id_key" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payments_policy_date_idx" ON "payments" USING btree ("policy_id","transaction_date" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scheduled_payments_policy_idx" ON "scheduled_payments" USING btree ("policy_id","payment_date");--> statement-breakpoint
CREATE INDEX "scheduled_payments_due_idx" ON "scheduled_payments" USING btree ("payment_date") WHERE "scheduled_payments"."status" = 'Scheduled';--> statement-breakpoint
CREATE INDEX "notifications_household_created_idx" ON "notifications" USING btree ("household_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("household_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "service_requests_household_idx" ON "service_requests" USING btree ("household_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_occurred_idx" ON "audit_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_subject","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_household_idx" ON "audit_log" USING btree ("acting_for_household_id","occurred_at");
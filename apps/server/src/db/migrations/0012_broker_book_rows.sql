CREATE TABLE "broker_book_rows" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"broker_id" uuid NOT NULL,
	"household_id" uuid,
	"holder_first_name" text NOT NULL,
	"holder_last_name" text NOT NULL,
	"holder_first_name_lower" text NOT NULL,
	"holder_last_name_lower" text NOT NULL,
	"policy_number" text NOT NULL,
	"issuer_subscriber_id" text NOT NULL,
	"exchange_subscriber_id" text,
	"line_of_coverage" text NOT NULL,
	"market" text NOT NULL,
	"off_exchange" boolean NOT NULL,
	"enrollment_status" text NOT NULL,
	"finance_status" text,
	"amount_due_cents" integer NOT NULL,
	"past_due_cents" integer NOT NULL,
	"paid_through_date" date,
	"grace_period_end_date" date,
	"autopay" boolean NOT NULL,
	"renewal_start_dates" date[] DEFAULT '{}'::date[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broker_book_rows" ADD CONSTRAINT "broker_book_rows_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broker_book_rows_broker_holder_idx" ON "broker_book_rows" USING btree ("broker_id","holder_last_name_lower","holder_first_name_lower","policy_id");--> statement-breakpoint
-- docs/decisions/036: the one definition of a book row, read by the backfill below, the triggers and the tests.
CREATE VIEW "broker_book_facts" AS
SELECT p.id AS policy_id, p.broker_id, p.household_id,
  m.first_name AS holder_first_name, m.last_name AS holder_last_name,
  lower(m.first_name) AS holder_first_name_lower, lower(m.last_name) AS holder_last_name_lower,
  p.policy_number, p.issuer_subscriber_id, p.exchange_subscriber_id, p.line_of_coverage,
  CASE p.market_coverage WHEN 1 THEN 'individual' WHEN 2 THEN 'group' ELSE 'none' END AS market,
  p.off_exchange, p.enrollment_status,
  f.status AS finance_status,
  coalesce(f.current_amount_due_cents + f.past_amount_due_cents, 0) AS amount_due_cents,
  coalesce(f.past_amount_due_cents, 0) AS past_due_cents,
  f.paid_through_date,
  -- In a grace period: the finance's grace dates are set and the policy has not ended (decision 032).
  CASE WHEN p.enrollment_status IN ('Terminated', 'Cancelled') THEN NULL ELSE f.grace_period_end_date END AS grace_period_end_date,
  EXISTS (SELECT 1 FROM autopay_subscriptions a WHERE a.policy_id = p.id AND a.state = 'Active') AS autopay,
  -- Renewal spans: not cancelled, not effectuated, after an earlier span of the policy. Which of them are
  -- still to come depends on the day, so the book compares these dates with today when it reads them.
  ARRAY(SELECT n.start_date FROM coverage_spans n
    WHERE n.policy_id = p.id AND NOT n.cancelled AND n.effectuated_date IS NULL
      AND EXISTS (SELECT 1 FROM coverage_spans o WHERE o.policy_id = p.id AND NOT o.cancelled AND o.start_date < n.start_date)
    ORDER BY n.start_date) AS renewal_start_dates
FROM policies p
JOIN members m ON m.id = p.subscriber_member_id
LEFT JOIN finances f ON f.policy_id = p.id
WHERE p.broker_id IS NOT NULL;
--> statement-breakpoint
-- Recomputes the book rows of these policies from the facts: written when changed, deleted when the policy
-- left every book. The policies are locked first (FOR NO KEY UPDATE, in id order, which an FK check's KEY
-- SHARE does not wait for), so two transactions changing one policy refresh it one after the other and the
-- second computes from a snapshot taken after the first committed: no refresh overwrites a newer one.
CREATE FUNCTION "broker_book_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM policies WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM broker_book_rows r WHERE r.policy_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM broker_book_facts f WHERE f.policy_id = r.policy_id);
  INSERT INTO broker_book_rows AS r (policy_id, broker_id, household_id, holder_first_name, holder_last_name, holder_first_name_lower, holder_last_name_lower,
      policy_number, issuer_subscriber_id, exchange_subscriber_id, line_of_coverage, market, off_exchange,
      enrollment_status, finance_status, amount_due_cents, past_due_cents, paid_through_date,
      grace_period_end_date, autopay, renewal_start_dates)
    SELECT policy_id, broker_id, household_id, holder_first_name, holder_last_name, holder_first_name_lower, holder_last_name_lower,
      policy_number, issuer_subscriber_id, exchange_subscriber_id, line_of_coverage, market, off_exchange,
      enrollment_status, finance_status, amount_due_cents, past_due_cents, paid_through_date,
      grace_period_end_date, autopay, renewal_start_dates
    FROM broker_book_facts WHERE policy_id = ANY (ids)
  ON CONFLICT (policy_id) DO UPDATE SET broker_id = excluded.broker_id, household_id = excluded.household_id,
      holder_first_name = excluded.holder_first_name, holder_last_name = excluded.holder_last_name,
      holder_first_name_lower = excluded.holder_first_name_lower, holder_last_name_lower = excluded.holder_last_name_lower,
      policy_number = excluded.policy_number, issuer_subscriber_id = excluded.issuer_subscriber_id,
      exchange_subscriber_id = excluded.exchange_subscriber_id, line_of_coverage = excluded.line_of_coverage,
      market = excluded.market, off_exchange = excluded.off_exchange, enrollment_status = excluded.enrollment_status,
      finance_status = excluded.finance_status, amount_due_cents = excluded.amount_due_cents,
      past_due_cents = excluded.past_due_cents, paid_through_date = excluded.paid_through_date,
      grace_period_end_date = excluded.grace_period_end_date, autopay = excluded.autopay,
      renewal_start_dates = excluded.renewal_start_dates
    -- A change the book does not show (the billing clock's day, a member's e-mail) writes nothing.
    WHERE row(r.*) IS DISTINCT FROM row(excluded.*);
END $$;
--> statement-breakpoint
-- The whole table again from the facts: the seed writes with the triggers off and calls this once at the end.
CREATE FUNCTION "broker_book_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM broker_book_rows;
  INSERT INTO broker_book_rows (policy_id, broker_id, household_id, holder_first_name, holder_last_name, holder_first_name_lower, holder_last_name_lower,
      policy_number, issuer_subscriber_id, exchange_subscriber_id, line_of_coverage, market, off_exchange,
      enrollment_status, finance_status, amount_due_cents, past_due_cents, paid_through_date,
      grace_period_end_date, autopay, renewal_start_dates)
    SELECT policy_id, broker_id, household_id, holder_first_name, holder_last_name, holder_first_name_lower, holder_last_name_lower,
      policy_number, issuer_subscriber_id, exchange_subscriber_id, line_of_coverage, market, off_exchange,
      enrollment_status, finance_status, amount_due_cents, past_due_cents, paid_through_date,
      grace_period_end_date, autopay, renewal_start_dates
    FROM broker_book_facts;
$$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: one refresh per statement for every policy it touched,
-- set-based (a bulk statement refreshes its thousands of policies in one INSERT … SELECT). A transaction
-- may skip them with `SET LOCAL portal.broker_book_off = 'on'` — the seed only, which rebuilds at the end.
-- PostgreSQL allows a transition table on one event per trigger, hence a trigger per event.
CREATE FUNCTION "broker_book_policy_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.broker_book_off', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM broker_book_refresh(ARRAY(SELECT DISTINCT policy_id FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM broker_book_refresh(ARRAY(SELECT policy_id FROM new_rows UNION SELECT policy_id FROM old_rows));
  ELSE
    PERFORM broker_book_refresh(ARRAY(SELECT DISTINCT policy_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "broker_book_policies_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.broker_book_off', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM broker_book_refresh(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only a subscriber's name is in the book: other member changes (version, e-mail, address) refresh nothing.
CREATE FUNCTION "broker_book_members_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.broker_book_off', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM broker_book_refresh(ARRAY(
    SELECT p.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN policies p ON p.subscriber_member_id = n.id
    WHERE (n.first_name, n.last_name) IS DISTINCT FROM (o.first_name, o.last_name)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "broker_book_policies_insert" AFTER INSERT ON "policies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policies_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_policies_update" AFTER UPDATE ON "policies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policies_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_members_update" AFTER UPDATE ON "members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_members_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_finances_insert" AFTER INSERT ON "finances" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policy_rows_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_finances_update" AFTER UPDATE ON "finances" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policy_rows_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_finances_delete" AFTER DELETE ON "finances" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policy_rows_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_autopay_insert" AFTER INSERT ON "autopay_subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policy_rows_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_autopay_update" AFTER UPDATE ON "autopay_subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policy_rows_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_autopay_delete" AFTER DELETE ON "autopay_subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policy_rows_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_spans_insert" AFTER INSERT ON "coverage_spans" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policy_rows_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_spans_update" AFTER UPDATE ON "coverage_spans" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policy_rows_changed();--> statement-breakpoint
CREATE TRIGGER "broker_book_spans_delete" AFTER DELETE ON "coverage_spans" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION broker_book_policy_rows_changed();--> statement-breakpoint
-- The rows of the policies already in a book.
SELECT broker_book_rebuild();

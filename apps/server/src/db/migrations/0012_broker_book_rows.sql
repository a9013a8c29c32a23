CREATE TABLE "broker_book_rows" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"broker_id" uuid,
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
-- docs/decisions/036: the one definition of a book row, read by the backfill below, the refresh and the tests.
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
LEFT JOIN finances f ON f.policy_id = p.id;
--> statement-breakpoint
-- Recomputes one policy's book row, at the commit of a transaction that changed it (the triggers below are
-- deferred). The row is locked first: a second transaction refreshing the same policy waits for the first
-- to commit and then computes from a newer snapshot, so an older refresh never overwrites a newer one. Only
-- refreshes lock book rows, and only at commit, after every other lock of their transaction is taken: the
-- wait cannot close a deadlock with the writers' own locks. A row this transaction has already written
-- (xmin) was refreshed at this commit, after its last change: a policy is computed once per commit however
-- many of its rows changed. A row whose facts did not change is not written.
CREATE FUNCTION "broker_book_refresh"(id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  written xid;
BEGIN
  SELECT r.xmin INTO written FROM broker_book_rows r WHERE r.policy_id = id FOR UPDATE;
  IF FOUND AND written = pg_current_xact_id()::xid THEN RETURN; END IF;
  INSERT INTO broker_book_rows AS r (policy_id, broker_id, household_id, holder_first_name, holder_last_name, holder_first_name_lower, holder_last_name_lower,
      policy_number, issuer_subscriber_id, exchange_subscriber_id, line_of_coverage, market, off_exchange,
      enrollment_status, finance_status, amount_due_cents, past_due_cents, paid_through_date,
      grace_period_end_date, autopay, renewal_start_dates)
    SELECT policy_id, broker_id, household_id, holder_first_name, holder_last_name, holder_first_name_lower, holder_last_name_lower,
      policy_number, issuer_subscriber_id, exchange_subscriber_id, line_of_coverage, market, off_exchange,
      enrollment_status, finance_status, amount_due_cents, past_due_cents, paid_through_date,
      grace_period_end_date, autopay, renewal_start_dates
    FROM broker_book_facts f WHERE f.policy_id = id
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
CREATE FUNCTION "broker_book_policy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM broker_book_refresh(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "broker_book_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  policy uuid;
BEGIN
  FOR policy IN SELECT p.id FROM policies p WHERE p.subscriber_member_id = NEW.id LOOP
    PERFORM broker_book_refresh(policy);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A finance, autopay subscription or coverage span: its policy (both, should a row move to another policy).
CREATE FUNCTION "broker_book_fact_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM broker_book_refresh(NEW.policy_id); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.policy_id IS DISTINCT FROM NEW.policy_id) THEN
    PERFORM broker_book_refresh(OLD.policy_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Constraint triggers, deferred to commit. Their WHEN is evaluated as each row is written (not deferred), so a
-- change the book does not show queues nothing, and a transaction may switch them all off with
-- `SET LOCAL portal.broker_book_off = 'on'` — the seed only, which rebuilds the table at its end.
CREATE CONSTRAINT TRIGGER "broker_book_policies_insert" AFTER INSERT ON "policies" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('portal.broker_book_off', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION broker_book_policy_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "broker_book_policies_update" AFTER UPDATE ON "policies" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('portal.broker_book_off', true) IS DISTINCT FROM 'on'
    AND (OLD.broker_id, OLD.household_id, OLD.subscriber_member_id, OLD.policy_number, OLD.issuer_subscriber_id, OLD.exchange_subscriber_id,
         OLD.line_of_coverage, OLD.market_coverage, OLD.off_exchange, OLD.enrollment_status)
      IS DISTINCT FROM (NEW.broker_id, NEW.household_id, NEW.subscriber_member_id, NEW.policy_number, NEW.issuer_subscriber_id, NEW.exchange_subscriber_id,
         NEW.line_of_coverage, NEW.market_coverage, NEW.off_exchange, NEW.enrollment_status))
  EXECUTE FUNCTION broker_book_policy_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "broker_book_members_update" AFTER UPDATE ON "members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('portal.broker_book_off', true) IS DISTINCT FROM 'on'
    AND (OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.first_name, NEW.last_name))
  EXECUTE FUNCTION broker_book_member_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "broker_book_finances_insert_delete" AFTER INSERT OR DELETE ON "finances" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('portal.broker_book_off', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION broker_book_fact_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "broker_book_finances_update" AFTER UPDATE ON "finances" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('portal.broker_book_off', true) IS DISTINCT FROM 'on'
    AND (OLD.policy_id, OLD.status, OLD.current_amount_due_cents, OLD.past_amount_due_cents, OLD.paid_through_date, OLD.grace_period_end_date)
      IS DISTINCT FROM (NEW.policy_id, NEW.status, NEW.current_amount_due_cents, NEW.past_amount_due_cents, NEW.paid_through_date, NEW.grace_period_end_date))
  EXECUTE FUNCTION broker_book_fact_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "broker_book_autopay_insert_delete" AFTER INSERT OR DELETE ON "autopay_subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('portal.broker_book_off', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION broker_book_fact_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "broker_book_autopay_update" AFTER UPDATE ON "autopay_subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('portal.broker_book_off', true) IS DISTINCT FROM 'on'
    AND (OLD.policy_id, OLD.state) IS DISTINCT FROM (NEW.policy_id, NEW.state))
  EXECUTE FUNCTION broker_book_fact_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "broker_book_spans_insert_delete" AFTER INSERT OR DELETE ON "coverage_spans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('portal.broker_book_off', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION broker_book_fact_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "broker_book_spans_update" AFTER UPDATE ON "coverage_spans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('portal.broker_book_off', true) IS DISTINCT FROM 'on'
    AND (OLD.policy_id, OLD.start_date, OLD.cancelled, OLD.effectuated_date) IS DISTINCT FROM (NEW.policy_id, NEW.start_date, NEW.cancelled, NEW.effectuated_date))
  EXECUTE FUNCTION broker_book_fact_changed();--> statement-breakpoint
-- The rows of the policies already there.
SELECT broker_book_rebuild();

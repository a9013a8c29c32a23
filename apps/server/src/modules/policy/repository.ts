import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQLWrapper,
} from 'drizzle-orm';
import { idArray } from '../../db/arrays';
import type { Database, Executor } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { coverageSpans, policies } from '../../db/schema';
import type { finances, plans, reinstatementEligibility } from '../../db/schema';

export type PolicyRow = typeof policies.$inferSelect;
export type SpanRow = typeof coverageSpans.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type FinanceRow = typeof finances.$inferSelect;
export type ReinstatementRow = typeof reinstatementEligibility.$inferSelect;

/** A policy with what its summary needs. */
export interface PolicyBundle {
  policy: PolicyRow;
  holder: { firstName: string; lastName: string };
  spans: SpanRow[];
  plans: Map<string, PlanRow>;
  finance: FinanceRow | null;
  reinstatement: ReinstatementRow | null;
  activeAutopays: number;
  paperless: { paperless: boolean; paperlessEmail: string | null } | null;
  /** The policy's household as the household list shows it (null: a policy without one). */
  household: HouseholdRow | null;
}

/** A household as the household list shows it (SPEC §3 Household): its ids and where its wallet is. */
export interface HouseholdRow {
  id: string;
  exchangeId: string | null;
  walletReferenceId: string | null;
}

// Drizzle types a one-to-one relation keyed on the policy id as always present; a policy may have no
// finance or reinstatement row yet, so say so.
type LoadedPolicy = Omit<
  Awaited<ReturnType<typeof queryPolicies>>[number],
  'household' | 'finance' | 'reinstatement'
> & {
  household: {
    id: string;
    exchangeId: string | null;
    wallet: { referenceId: string } | null;
    preferences: { paperless: boolean; paperlessEmail: string | null } | null;
  } | null;
  finance: FinanceRow | null;
  reinstatement: ReinstatementRow | null;
};

/** A policy's household as its summary and the household list need it: id, exchange id, wallet, paperless. */
const HOUSEHOLD_WITH = {
  columns: { id: true, exchangeId: true },
  with: {
    preferences: { columns: { paperless: true, paperlessEmail: true } },
    wallet: { columns: { referenceId: true } },
  },
} as const;

/**
 * Policies with spans (and their plans), finance, reinstatement, autopay, paperless and their household: one SQL
 * statement, prepared once per database. Planning these nested queries costs PostgreSQL far more
 * than running them (~25 ms against ~1 ms), so the plan must be reused.
 */
function preparePolicies(db: Database) {
  return db.query.policies
    .findMany({
      where: sql`${policies.id} = any(${sql.placeholder('ids')}::uuid[])`,
      with: {
        subscriber: { columns: { firstName: true, lastName: true } },
        spans: { with: { plan: true }, orderBy: (span, { asc }) => [asc(span.startDate)] },
        finance: true,
        reinstatement: true,
        autopaySubscriptions: {
          columns: { id: true },
          where: (autopay, { eq: equals }) => equals(autopay.state, 'Active'),
        },
        household: HOUSEHOLD_WITH,
      },
    })
    .prepare('policy_summaries');
}

/**
 * The policies a member may see — their household's, and any they hold or are covered by (three indexed
 * look-ups joined by UNION: an OR across them would scan every policy) — with what their summaries need,
 * oldest first: one prepared statement, the household read's (docs/decisions/035). A null member or
 * household matches nothing.
 */
function prepareMemberPolicies(db: Database) {
  return db.query.policies
    .findMany({
      // Plain names inside: a relational query rewrites every column object in its filter to the root table's alias.
      // `= any(array(…))`: the ids are found first (three index look-ups) and the policies fetched by them;
      // `in (…)` let the planner scan every policy with its nested relations before filtering.
      where: sql`${policies.id} = any(array(select p.id from policies p where p.household_id = ${sql.placeholder('householdId')}
        union select p.id from policies p where p.subscriber_member_id = ${sql.placeholder('memberId')}
        union select ms.policy_id from member_spans ms where ms.member_id = ${sql.placeholder('memberId')}))`,
      orderBy: (policy, { asc }) => [asc(policy.createdAt), asc(policy.id)],
      with: {
        subscriber: { columns: { firstName: true, lastName: true } },
        spans: { with: { plan: true }, orderBy: (span, { asc }) => [asc(span.startDate)] },
        finance: true,
        reinstatement: true,
        autopaySubscriptions: {
          columns: { id: true },
          where: (autopay, { eq: equals }) => equals(autopay.state, 'Active'),
        },
        household: HOUSEHOLD_WITH,
      },
    })
    .prepare('member_policy_summaries');
}

function preparePolicyPage(db: Database) {
  return db.query.policies
    .findFirst({
      where: eq(policies.id, sql.placeholder('id')),
      with: {
        subscriber: { columns: { firstName: true, lastName: true } },
        spans: { with: { plan: true }, orderBy: (span, { asc }) => [asc(span.startDate)] },
        finance: true,
        reinstatement: true,
        autopaySubscriptions: {
          columns: { id: true },
          where: (autopay, { eq: equals }) => equals(autopay.state, 'Active'),
        },
        household: { ...HOUSEHOLD_WITH, with: { ...HOUSEHOLD_WITH.with, contactInformation: true } },
        memberSpans: { with: { member: true }, orderBy: (span, { asc }) => [asc(span.startDate)] },
        broker: true,
        group: true,
        residentialAddress: true,
        mailingAddress: true,
        scheduledPayments: {
          columns: { id: true },
          where: (payment, { eq: equals }) => equals(payment.status, 'Scheduled'),
        },
      },
    })
    .prepare('policy_page');
}

const statements = preparedStatements((db) => ({
  policies: preparePolicies(db),
  memberPolicies: prepareMemberPolicies(db),
  page: preparePolicyPage(db),
}));

function queryPolicies(db: Database, policyIds: string[]) {
  return statements(db).policies.execute({ ids: policyIds });
}

function toBundle(row: LoadedPolicy): PolicyBundle {
  const {
    subscriber,
    spans,
    finance,
    reinstatement,
    autopaySubscriptions: autopays,
    household,
    ...policy
  } = row;
  const planMap = new Map<string, PlanRow>();
  for (const span of spans) planMap.set(span.plan.id, span.plan);
  return {
    policy,
    holder: subscriber,
    spans,
    plans: planMap,
    finance,
    reinstatement,
    activeAutopays: autopays.length,
    paperless: household?.preferences ?? null,
    household: household
      ? {
          id: household.id,
          exchangeId: household.exchangeId,
          walletReferenceId: household.wallet?.referenceId ?? null,
        }
      : null,
  };
}

/** The bundles of the policies a member may see (see prepareMemberPolicies), oldest first. */
export async function loadMemberPolicyBundles(
  db: Database,
  memberId: string | null,
  householdId: string | null,
): Promise<PolicyBundle[]> {
  if (memberId === null && householdId === null) return [];
  const rows = await statements(db).memberPolicies.execute({ memberId, householdId });
  return rows.map(toBundle);
}

export async function loadPolicyBundles(db: Database, policyIds: string[]): Promise<PolicyBundle[]> {
  if (policyIds.length === 0) return [];
  const rows = await queryPolicies(db, policyIds);
  const order = new Map(policyIds.map((id, index) => [id, index]));
  return rows.map(toBundle).sort((x, y) => (order.get(x.policy.id) ?? 0) - (order.get(y.policy.id) ?? 0));
}

/** A policy with everything its page shows (summary facts plus members, broker, group, addresses,
 * contact, pending scheduled payments): one SQL statement. */
export async function loadPolicyPage(db: Database, policyId: string) {
  const row = await statements(db).page.execute({ id: policyId });
  if (!row) return null;
  const {
    memberSpans: memberRows,
    broker,
    group,
    residentialAddress,
    mailingAddress,
    scheduledPayments: scheduled,
    ...summaryRow
  } = row;
  return {
    bundle: toBundle(summaryRow),
    extras: {
      memberRows: memberRows.map(({ member, ...span }) => ({ member, span })),
      broker: broker ?? null,
      group: group ?? null,
      residential: residentialAddress ?? null,
      mailing: mailingAddress ?? null,
      contact: row.household?.contactInformation ?? null,
      scheduledCount: scheduled.length,
    },
  };
}

/**
 * Locks the policy's row for the rest of the transaction, so that commands on one policy take turns (its
 * broker, a PCP choice, coverage and dependent requests, scheduled payments): two tabs, or a member and
 * staff, cannot both pass a "one at a time" rule. `no key update` where the command only needs to keep
 * other commands out: it does not block rows that reference the policy being inserted meanwhile.
 */
export async function lockPolicy(
  tx: Executor,
  policyId: string,
  strength: 'update' | 'no key update' = 'update',
): Promise<void> {
  await tx.select({ id: policies.id }).from(policies).where(eq(policies.id, policyId)).for(strength);
}

/** The policy's broker of record (null: none, or no such policy). */
/** The household of each of these policies (policies with none, or unknown ids, are left out). */
export async function householdsOfPolicies(db: Executor, policyIds: string[]): Promise<Map<string, string>> {
  if (policyIds.length === 0) return new Map();
  const rows = await db
    .select({ id: policies.id, householdId: policies.householdId })
    .from(policies)
    .where(inArray(policies.id, policyIds));
  return new Map(rows.flatMap((row) => (row.householdId ? [[row.id, row.householdId] as const] : [])));
}

export async function brokerIdOfPolicy(db: Executor, policyId: string): Promise<string | null> {
  const [row] = await db
    .select({ brokerId: policies.brokerId })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row?.brokerId ?? null;
}

/** Sets (or, with null, removes) the policy's broker of record. */
export async function setBrokerOfRecord(
  tx: Executor,
  policyId: string,
  brokerId: string | null,
): Promise<void> {
  await tx.update(policies).set({ brokerId }).where(eq(policies.id, policyId));
}

/** The policy's enrollment status (the billing clock ended it; a reinstatement brought it back). */
export async function setEnrollmentStatus(
  tx: Executor,
  policyId: string,
  status: PolicyRow['enrollmentStatus'],
): Promise<void> {
  await tx.update(policies).set({ enrollmentStatus: status }).where(eq(policies.id, policyId));
}

/** Points these policies' residential or mailing address at another row (an approved move, issue 11). */
export async function repointPolicyAddresses(
  tx: Executor,
  policyIds: readonly string[],
  role: 'residential' | 'mailing',
  addressId: string,
): Promise<void> {
  if (policyIds.length === 0) return;
  await tx
    .update(policies)
    .set(role === 'residential' ? { residentialAddressId: addressId } : { mailingAddressId: addressId })
    .where(inArray(policies.id, [...policyIds]));
}

/** Gives coverage spans back their end (and takes back their cancellation): the coverage as if it had not ended. */
export async function restoreCoverageSpans(
  tx: Executor,
  changes: readonly { id: string; endDate: string }[],
): Promise<void> {
  for (const change of changes)
    await tx
      .update(coverageSpans)
      .set({ endDate: change.endDate, cancelled: false })
      .where(eq(coverageSpans.id, change.id));
}

/** How many policies the member holds as subscriber (a linked account's answer, issue 12). */
export async function subscriberPolicyCount(db: Executor, memberId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(policies)
    .where(eq(policies.subscriberMemberId, memberId));
  return row?.count ?? 0;
}

/** A coverage span's dates or cancellation (an approved change of coverage, issue 13). */
export async function updateCoverageSpan(
  tx: Executor,
  id: string,
  values: Partial<Pick<typeof coverageSpans.$inferSelect, 'startDate' | 'endDate' | 'cancelled'>>,
): Promise<void> {
  await tx.update(coverageSpans).set(values).where(eq(coverageSpans.id, id));
}

export async function insertCoverageSpan(
  tx: Executor,
  values: typeof coverageSpans.$inferInsert,
): Promise<void> {
  await tx.insert(coverageSpans).values(values);
}

// --- reads for benefits, policy-coverage, document PDFs, saml, audit ---

/** The policy's row (undefined: no such policy). */
export async function policyById(db: Executor, policyId: string): Promise<PolicyRow | undefined> {
  const [row] = await db.select().from(policies).where(eq(policies.id, policyId));
  return row;
}

// --- reads and writes for the enrollment module (the X12 834 import and its effectuation file, issue 34) ---

/**
 * The policy an 834 enrolment group is about, in one look: the policy with the REF*1L number first, else the
 * subscriber's newest for the line of coverage.
 */
export async function policyForEnrollment(
  db: Executor,
  of: { subscriberId: string; line: PolicyRow['lineOfCoverage']; policyNumber: string | null },
): Promise<PolicyRow | null> {
  const bySubscriber = and(
    eq(policies.exchangeSubscriberId, of.subscriberId),
    eq(policies.lineOfCoverage, of.line),
  );
  const [policy] = await db
    .select()
    .from(policies)
    .where(of.policyNumber ? or(eq(policies.policyNumber, of.policyNumber), bySubscriber) : bySubscriber)
    .orderBy(
      ...(of.policyNumber ? [desc(sql`${policies.policyNumber} = ${of.policyNumber}`)] : []),
      desc(policies.createdAt),
    )
    .limit(1);
  return policy ?? null;
}

/** A new policy (an 834 addition). */
export async function insertPolicy(tx: Executor, values: typeof policies.$inferInsert): Promise<PolicyRow> {
  const [row] = await tx.insert(policies).values(values).returning();
  if (!row) throw new Error('policy not inserted');
  return row;
}

/** The exchange the enrolment came from (2750 SOURCE EXCHANGE ID). */
export async function setSourceExchangeId(
  tx: Executor,
  policyId: string,
  sourceExchangeId: string,
): Promise<void> {
  await tx.update(policies).set({ sourceExchangeId }).where(eq(policies.id, policyId));
}

/** A reinstated policy's status and enrolment type. */
export async function markPolicyReinstated(
  tx: Executor,
  policyId: string,
  status: PolicyRow['enrollmentStatus'],
): Promise<void> {
  await tx
    .update(policies)
    .set({ enrollmentStatus: status, enrollmentType: 'Reinstatement' })
    .where(eq(policies.id, policyId));
}

/** Every coverage span of the policy, cancelled ones included, oldest first (ties by id). */
export async function coverageSpansOfPolicy(db: Executor, policyId: string): Promise<SpanRow[]> {
  return db
    .select()
    .from(coverageSpans)
    .where(eq(coverageSpans.policyId, policyId))
    .orderBy(asc(coverageSpans.startDate), asc(coverageSpans.id));
}

/** A coverage span's plan, amounts and rating area (an 834 change from the span's start). */
export async function setCoverageSpanTerms(
  tx: Executor,
  spanId: string,
  values: Pick<
    typeof coverageSpans.$inferInsert,
    | 'premiumAmountCents'
    | 'policyRateAmountCents'
    | 'taxCreditAmountCents'
    | 'csrAmountCents'
    | 'otherSubsidyAmountCents'
    | 'planId'
    | 'planType'
    | 'ratingArea'
  >,
): Promise<void> {
  await tx.update(coverageSpans).set(values).where(eq(coverageSpans.id, spanId));
}

/** Whether the policy is off the exchange (null: no such policy). */
export async function isOffExchange(db: Executor, policyId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ offExchange: policies.offExchange })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row ? row.offExchange : null;
}

/** The policy's coverage span (not cancelled) that starts on this day, with its effectuated date. */
export async function liveSpanStartingOn(db: Executor, policyId: string, startDate: string) {
  const [span] = await db
    .select({ id: coverageSpans.id, effectuatedDate: coverageSpans.effectuatedDate })
    .from(coverageSpans)
    .where(
      and(
        eq(coverageSpans.policyId, policyId),
        eq(coverageSpans.startDate, startDate),
        eq(coverageSpans.cancelled, false),
      ),
    );
  return span;
}

/** Subquery fragment: the ids of the household's policies (for `inArray(own.policyId, …)`). */
export function policyIdsOfHousehold(db: Executor, householdId: string) {
  return db.select({ id: policies.id }).from(policies).where(eq(policies.householdId, householdId));
}

/** What an effectuation 834 says of these coverage spans and their policies, by span id, in one read. */
export async function effectuatedCoverage(db: Executor, spanIds: readonly string[]) {
  const rows = await db
    .select({
      spanId: coverageSpans.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      exchangeSubscriberId: policies.exchangeSubscriberId,
      line: policies.lineOfCoverage,
      planId: coverageSpans.planId,
    })
    .from(coverageSpans)
    .innerJoin(policies, eq(policies.id, coverageSpans.policyId))
    .where(inArray(coverageSpans.id, [...spanIds]));
  return new Map(rows.map((row) => [row.spanId, row]));
}

// --- reads for acting-session, additional-product, address, contact, demographics, dependents, document, group, member, notification, guest, service-request ---

/** What commands and pages on one policy need of it: where its changes go (household, market, exchange) and its subscriber. */
export async function policyFacts(db: Executor, policyId: string) {
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      offExchange: policies.offExchange,
      marketCoverage: policies.marketCoverage,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row;
}

/** Whom an acting session covers: a household, or for policies without one their subscriber. */
export interface PolicyHolderTarget {
  householdId: string | null;
  subscriberMemberId: string | null;
}

const policiesOfTarget = (target: PolicyHolderTarget) =>
  target.householdId !== null
    ? eq(policies.householdId, target.householdId)
    : and(
        isNull(policies.householdId),
        eq(policies.subscriberMemberId, target.subscriberMemberId ?? '00000000-0000-0000-0000-000000000000'),
      );

/** The policies an acting session covers (a household's, or a subscriber's that have none), oldest first, with how the banner names them. */
export async function actingTargetPolicies(db: Executor, target: PolicyHolderTarget) {
  return db
    .select({
      id: policies.id,
      subscriberMemberId: policies.subscriberMemberId,
      exchangeSubscriberId: policies.exchangeSubscriberId,
      policyNumber: policies.policyNumber,
    })
    .from(policies)
    .where(policiesOfTarget(target))
    .orderBy(asc(policies.createdAt));
}

/** The lines of coverage the household holds now or from a coming date (active, pending or in a grace period). */
export async function coveredLines(db: Executor, householdId: string): Promise<Set<string>> {
  const rows = await db
    .select({ line: policies.lineOfCoverage })
    .from(policies)
    .where(
      and(
        eq(policies.householdId, householdId),
        inArray(policies.enrollmentStatus, ['Active', 'Pending', 'GracePeriod']),
      ),
    );
  return new Set(rows.map((row) => row.line));
}

/** A policy's addresses and what decides where a change to them goes (market, exchange). */
const policyAddressColumns = {
  id: policies.id,
  householdId: policies.householdId,
  policyNumber: policies.policyNumber,
  lineOfCoverage: policies.lineOfCoverage,
  offExchange: policies.offExchange,
  marketCoverage: policies.marketCoverage,
  residentialAddressId: policies.residentialAddressId,
  mailingAddressId: policies.mailingAddressId,
};

export type PolicyAddressFacts = Awaited<ReturnType<typeof policyAddressFacts>>;

/** The policy's addresses and what decides where a change goes (market, exchange); `lock` inside a change. */
export async function policyAddressFacts(db: Executor, policyId: string, lock = false) {
  const query = db.select(policyAddressColumns).from(policies).where(eq(policies.id, policyId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Every policy that uses the address row, in either role (a change must not move another role's address). */
export async function policiesUsingAddress(db: Executor, addressId: string) {
  return db
    .select(policyAddressColumns)
    .from(policies)
    .where(or(eq(policies.residentialAddressId, addressId), eq(policies.mailingAddressId, addressId)))
    .orderBy(asc(policies.policyNumber));
}

/** The household's policies that send mail to their residential address `residentialAddressId` (no mailing address of their own). */
export async function policiesMailingHome(db: Executor, householdId: string, residentialAddressId: string) {
  return db
    .select(policyAddressColumns)
    .from(policies)
    .where(
      and(
        eq(policies.householdId, householdId),
        eq(policies.residentialAddressId, residentialAddressId),
        isNull(policies.mailingAddressId),
      ),
    )
    .orderBy(asc(policies.policyNumber));
}

/** The policy a household's request is filed under: the one named, else the household's first by policy number; with its subscriber. */
export async function policyFiledUnder(
  db: Executor,
  where: { policyId?: string | undefined; householdId: string },
) {
  const condition = where.policyId
    ? eq(policies.id, where.policyId)
    : eq(policies.householdId, where.householdId);
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      exchangeSubscriberId: policies.exchangeSubscriberId,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(policies)
    .where(condition)
    .orderBy(asc(policies.policyNumber))
    .limit(1);
  return row;
}

/** The ids of the household's policies (whose documents the household's list may show). */
export async function householdPolicyIds(db: Executor, householdId: string): Promise<string[]> {
  return (await policyIdsOfHousehold(db, householdId)).map((row) => row.id);
}

/**
 * Group-market policies of these issuer subscriber ids (policy id, subscriber id, group id), as a subquery
 * a caller joins in its one statement (modules/group: their employer groups, ordered by its own columns).
 */
export function groupPoliciesOfSubscribers(db: Executor, issuerSubscriberIds: readonly string[]) {
  return db
    .select({
      policyId: policies.id,
      issuerSubscriberId: policies.issuerSubscriberId,
      groupId: policies.groupId,
    })
    .from(policies)
    .where(and(inArray(policies.issuerSubscriberId, [...issuerSubscriberIds]), isNotNull(policies.groupId)))
    .as('group_policies');
}

/**
 * These policies' numbers, lines of coverage, subscribers, brokers and creation times, as a subquery a
 * caller joins in its one statement (a member's coverage by policy, a broker's alerts).
 */
export function policyLabelsOf(db: Executor, policyIds: readonly string[]) {
  return db
    .select({
      id: policies.id,
      policyNumber: policies.policyNumber,
      lineOfCoverage: policies.lineOfCoverage,
      subscriberMemberId: policies.subscriberMemberId,
      brokerId: policies.brokerId,
      createdAt: policies.createdAt,
    })
    .from(policies)
    .where(sql`${policies.id} = any(${idArray(policyIds, 'uuid')})`)
    .as('policy_labels');
}

/** The latest policy with this exchange subscriber id or policy number (any case): whose it is, for guest access. */
export async function latestPolicyByIdentifier(
  db: Executor,
  identifierType: 'exchangeSubscriberId' | 'policyNumber',
  identifier: string,
) {
  const column =
    identifierType === 'exchangeSubscriberId' ? policies.exchangeSubscriberId : policies.policyNumber;
  const [row] = await db
    .select({
      subscriberMemberId: policies.subscriberMemberId,
      householdId: policies.householdId,
      residentialAddressId: policies.residentialAddressId,
    })
    .from(policies)
    .where(sql`upper(${column}) = upper(${identifier})`)
    .orderBy(sql`${policies.createdAt} desc`)
    .limit(1);
  return row;
}

/** Every policy the member holds as subscriber (what a guest who located the account may pay). */
export async function subscriberPolicyIds(db: Executor, subscriberMemberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: policies.id })
    .from(policies)
    .where(eq(policies.subscriberMemberId, subscriberMemberId));
  return rows.map((row) => row.id);
}

// --- reads for autopay, scheduled-payment, payment, finance, reinstatement (issue 38) ---

/** A policy id as another module's statement names it: its own column (`payments.policyId`) or an SQL expression. */
type PolicyIdRef = SQLWrapper | AnyColumn;

/** Fragment: the number of the policy `policyId` names, a scalar subquery the caller selects in its own statement. */
export const policyNumberOf = (db: Executor, policyId: PolicyIdRef) =>
  sql<string>`${db.select({ policyNumber: policies.policyNumber }).from(policies).where(eq(policies.id, policyId))}`;

/** Fragment: the household of the policy `policyId` names (null: none), a scalar subquery. */
export const householdOfPolicy = (db: Executor, policyId: PolicyIdRef) =>
  sql<
    string | null
  >`${db.select({ householdId: policies.householdId }).from(policies).where(eq(policies.id, policyId))}`;

/** Fragment: the issuer's subscriber id (SPEC issuerId) of the policy `policyId` names, a scalar subquery. */
export const issuerSubscriberIdOf = (db: Executor, policyId: PolicyIdRef) =>
  sql<string>`${db.select({ issuerSubscriberId: policies.issuerSubscriberId }).from(policies).where(eq(policies.id, policyId))}`;

/** Fragment: the subscriber's member id of the policy `policyId` names, a scalar subquery. */
export const subscriberOfPolicy = (db: Executor, policyId: PolicyIdRef) =>
  sql<string>`${db.select({ subscriberMemberId: policies.subscriberMemberId }).from(policies).where(eq(policies.id, policyId))}`;

/**
 * Fragment: the ids of the policies a payments-desk search finds — by policy number or exchange subscriber
 * id (case-insensitive, exact), or, when `householdId` is given, by household.
 */
export const policyIdsMatching = (db: Executor, needle: string, householdId: string | null) => {
  const lower = needle.toLowerCase();
  return db
    .select({ id: policies.id })
    .from(policies)
    .where(
      or(
        sql`lower(${policies.policyNumber}) = ${lower}`,
        sql`lower(${policies.exchangeSubscriberId}) = ${lower}`,
        householdId === null ? undefined : eq(policies.householdId, householdId),
      ),
    );
};

/** What other modules name a policy by. */
export interface PolicyHead {
  id: string;
  householdId: string | null;
  policyNumber: string;
  subscriberMemberId: string;
  lineOfCoverage: PolicyRow['lineOfCoverage'];
  enrollmentStatus: PolicyRow['enrollmentStatus'];
}

/** {@link PolicyHead} of each of these policies, by id, in one query (unknown ids are left out). */
export async function policyHeads(
  db: Executor,
  policyIds: readonly string[],
): Promise<Map<string, PolicyHead>> {
  if (policyIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      subscriberMemberId: policies.subscriberMemberId,
      lineOfCoverage: policies.lineOfCoverage,
      enrollmentStatus: policies.enrollmentStatus,
    })
    .from(policies)
    .where(inArray(policies.id, [...new Set(policyIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The policy's HRA terms (SPEC §9 HRA discount; read by `hraOf`), undefined for no such policy. */
export async function hraTermsOf(db: Executor, policyId: string) {
  const [row] = await db
    .select({
      id: policies.id,
      hraKind: policies.hraKind,
      hraPercent: policies.hraPercent,
      hraAmountCents: policies.hraAmountCents,
      hraStartDate: policies.hraStartDate,
      hraEndDate: policies.hraEndDate,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row;
}

/** The policy's coverage spans, oldest first: their dates, plan and the amounts a premium ledger reads. */
export async function coverageSpansOf(db: Executor, policyId: string) {
  return db
    .select({
      id: coverageSpans.id,
      startDate: coverageSpans.startDate,
      endDate: coverageSpans.endDate,
      cancelled: coverageSpans.cancelled,
      planId: coverageSpans.planId,
      premium: coverageSpans.premiumAmountCents,
      aptc: coverageSpans.taxCreditAmountCents,
      other: coverageSpans.otherSubsidyAmountCents,
      effectuatedDate: coverageSpans.effectuatedDate,
    })
    .from(coverageSpans)
    .where(eq(coverageSpans.policyId, policyId))
    .orderBy(asc(coverageSpans.startDate));
}

/** A coverage span took effect on `date` (SPEC §3 Effectuated: its binder payment was posted). */
export async function effectuateCoverageSpan(tx: Executor, spanId: string, date: string): Promise<void> {
  await tx.update(coverageSpans).set({ effectuatedDate: date }).where(eq(coverageSpans.id, spanId));
}

/** What the billing clock reads of a page of policies: number, household, enrolment and HRA terms. */
export async function policyTermsOf(db: Executor, policyIds: readonly string[]) {
  if (policyIds.length === 0) return [];
  return db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      enrollmentStatus: policies.enrollmentStatus,
      hraKind: policies.hraKind,
      hraPercent: policies.hraPercent,
      hraAmountCents: policies.hraAmountCents,
      hraStartDate: policies.hraStartDate,
      hraEndDate: policies.hraEndDate,
    })
    .from(policies)
    .where(inArray(policies.id, [...policyIds]));
}

/** {@link coverageSpansOf} of a page of policies in one query, with each span's policy, oldest first. */
export async function coverageSpansOfPolicies(db: Executor, policyIds: readonly string[]) {
  if (policyIds.length === 0) return [];
  return db
    .select({
      id: coverageSpans.id,
      policyId: coverageSpans.policyId,
      startDate: coverageSpans.startDate,
      endDate: coverageSpans.endDate,
      cancelled: coverageSpans.cancelled,
      planId: coverageSpans.planId,
      premium: coverageSpans.premiumAmountCents,
      aptc: coverageSpans.taxCreditAmountCents,
      other: coverageSpans.otherSubsidyAmountCents,
      effectuatedDate: coverageSpans.effectuatedDate,
    })
    .from(coverageSpans)
    .where(inArray(coverageSpans.policyId, [...policyIds]))
    .orderBy(asc(coverageSpans.startDate));
}

/**
 * The policy's coverage ends on `endDate` (a termination): spans that would start after it are cancelled,
 * those that run past it end then. The enrolment status is the caller's next write.
 */
export async function endCoverageSpans(tx: Executor, policyId: string, endDate: string): Promise<void> {
  await tx
    .update(coverageSpans)
    .set({ cancelled: true, endDate: sql`${coverageSpans.startDate}` })
    .where(
      and(
        eq(coverageSpans.policyId, policyId),
        eq(coverageSpans.cancelled, false),
        sql`${coverageSpans.startDate} > ${endDate}`,
      ),
    );
  await tx
    .update(coverageSpans)
    .set({ endDate })
    .where(
      and(
        eq(coverageSpans.policyId, policyId),
        eq(coverageSpans.cancelled, false),
        sql`(${coverageSpans.endDate} is null or ${coverageSpans.endDate} > ${endDate})`,
      ),
    );
}

/** Every live span of the policy is cancelled (the coverage never took effect). */
export async function cancelCoverageSpans(tx: Executor, policyId: string): Promise<void> {
  await tx
    .update(coverageSpans)
    .set({ cancelled: true, endDate: sql`${coverageSpans.startDate}` })
    .where(and(eq(coverageSpans.policyId, policyId), eq(coverageSpans.cancelled, false)));
}

/**
 * The plan a document about day `on` names: the plan of the policy's live span covering that day (the latest
 * starting, if several), else of its first span; null for a policy without spans.
 */
export async function planIdOfPolicyOn(db: Executor, policyId: string, on: string): Promise<string | null> {
  const [covering] = await db
    .select({ planId: coverageSpans.planId })
    .from(coverageSpans)
    .where(
      and(
        eq(coverageSpans.policyId, policyId),
        eq(coverageSpans.cancelled, false),
        lte(coverageSpans.startDate, on),
        or(isNull(coverageSpans.endDate), gte(coverageSpans.endDate, on)),
      ),
    )
    .orderBy(desc(coverageSpans.startDate))
    .limit(1);
  if (covering) return covering.planId;
  const [first] = await db
    .select({ planId: coverageSpans.planId })
    .from(coverageSpans)
    .where(eq(coverageSpans.policyId, policyId))
    .orderBy(asc(coverageSpans.startDate))
    .limit(1);
  return first?.planId ?? null;
}

/** Policies named by exchange subscriber id or by policy number (exactly), oldest first. */
export async function policiesByReference(db: Executor, references: readonly string[]) {
  if (references.length === 0) return [];
  return db
    .select({
      id: policies.id,
      exchangeSubscriberId: policies.exchangeSubscriberId,
      policyNumber: policies.policyNumber,
    })
    .from(policies)
    .where(
      or(
        inArray(policies.exchangeSubscriberId, [...references]),
        inArray(policies.policyNumber, [...references]),
      ),
    )
    .orderBy(policies.createdAt, policies.id);
}

/** The households of the policies a member reference names: a policy number or an exchange subscriber id (case-insensitive). */
export async function householdsOfPolicyReference(db: Executor, reference: string): Promise<string[]> {
  const lower = reference.trim().toLowerCase();
  const rows = await db
    .selectDistinct({ householdId: policies.householdId })
    .from(policies)
    .where(
      or(
        sql`lower(${policies.policyNumber}) = ${lower}`,
        sql`lower(${policies.exchangeSubscriberId}) = ${lower}`,
      ),
    );
  return rows.map((row) => row.householdId).filter((id): id is string => id !== null);
}

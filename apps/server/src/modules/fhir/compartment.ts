import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Coverage, Organization, Patient } from '@medplum/fhirtypes';
import type { MemberDetail, PolicyDetail } from '@portal/contracts';
import type { MemberPrincipal } from '../../auth/principal';
import { memberDetail, memberRecordTimes } from '../member/service';
import { memberPolicyOverview, policyDetailWithTime } from '../policy/service';
import type { DirectoryResources } from './directory-resources';
import { agencyOrganization, toCoverage, toPatient, type MemberContext } from './member-resources';
import { forbidden } from './outcome';

/**
 * The patient compartment of a patient-scoped caller (docs/decisions/053): the one place that decides
 * which member records a FHIR token may read.
 *
 * - Only a member's own token has patient scope. Staff, brokers, guests and asserted sessions are
 *   refused (403 OperationOutcome, audited): the Patient Access API is the member's, not the workforce's.
 * - The patient in context is the signed-in member. Their compartment holds their own Patient and, for
 *   each policy they are the subscriber of, the Patients of the dependents it covers (SPEC: the
 *   subscriber manages the policy's members); a dependent's token reads their own records only.
 * - Coverages: one per readable member per policy the portal lets the caller see (the policy access
 *   rule of auth/access, through the policy service's member overview).
 * - Organizations: the issuer (public) and the agency of each of those policies' broker of record.
 *
 * Everything is read through the policy and member services; a record outside the compartment
 * answers 404 like an unknown one (nothing to learn by trying ids), and the refusal is audited.
 */
export interface Compartment {
  principal: MemberPrincipal;
  patientId: string;
  patients: Map<string, Patient>;
  coverages: Map<string, Coverage>;
  agencies: Map<string, Organization>;
  /** The household of each readable member (the audit's "acting for"). */
  householdOf: Map<string, string | null>;
}

const latest = (...dates: (Date | undefined)[]): string =>
  new Date(
    Math.max(...dates.filter((date) => date !== undefined).map((date) => date.getTime())),
  ).toISOString();

export async function patientCompartment(
  app: FastifyInstance,
  request: FastifyRequest,
  context: MemberContext,
  directory: () => Promise<DirectoryResources>,
  recordType: string,
): Promise<Compartment> {
  const principal = request.principal;
  if (principal?.kind !== 'member') {
    await request.audit({ action: 'access', outcome: 'denied', reason: 'not-patient-scope', recordType });
    throw forbidden(
      'Patient data needs a member’s own token (patient scope). Staff, broker and guest tokens cannot read it.',
    );
  }
  if (principal.memberId === null) {
    await request.audit({ action: 'access', outcome: 'denied', reason: 'no-member-linked', recordType });
    throw forbidden(
      'This account is not linked to a member yet: there is no patient to read. Link the account in the portal first.',
    );
  }
  const db = app.database.db;
  const today = app.today();
  const rules = { today, account: app.tenant.account };
  const overview = await memberPolicyOverview(db, principal.memberId, principal.householdId, rules);
  const policyIds = [...new Set(overview.summaries.map((summary) => summary.id))];
  const loaded = (await Promise.all(policyIds.map((id) => policyDetailWithTime(db, id, rules)))).filter(
    (entry) => entry !== null,
  );
  const policies = new Map<string, PolicyDetail>(loaded.map((entry) => [entry.detail.id, entry.detail]));
  const policyTimes = new Map(loaded.map((entry) => [entry.detail.id, entry.updatedAt]));

  const readable = new Set<string>([principal.memberId]);
  for (const policy of policies.values()) {
    const subscriber = policy.members.find((m) => m.relationship === 'self');
    if (subscriber?.id === principal.memberId) for (const m of policy.members) readable.add(m.id);
  }
  const ids = [...readable];
  const [details, created] = await Promise.all([
    Promise.all(ids.map((id) => memberDetail(db, id, policyIds, today))),
    memberRecordTimes(db, ids),
  ]);
  const members = details.filter((detail): detail is MemberDetail => detail !== null);
  const networks = await directory();

  const patients = new Map<string, Patient>();
  const coverages = new Map<string, Coverage>();
  const householdOf = new Map<string, string | null>();
  for (const member of members) {
    const theirPolicies = member.policies.map((coverage) => coverage.policyId);
    const updated = latest(created.get(member.id), ...theirPolicies.map((id) => policyTimes.get(id)));
    patients.set(member.id, toPatient(member, policies, context, updated));
    householdOf.set(member.id, member.householdId);
    for (const policyId of theirPolicies) {
      const policy = policies.get(policyId);
      if (!policy) continue;
      const network = policy.plan ? networks.networkNameOfPlan(policy.plan.planId) : null;
      const coverage = toCoverage(
        member,
        policy,
        context,
        latest(created.get(member.id), policyTimes.get(policyId)),
        network,
      );
      if (coverage?.id) coverages.set(coverage.id, coverage);
    }
  }
  const agencies = new Map<string, Organization>();
  for (const policy of policies.values()) {
    if (!policy.broker) continue;
    const agency = agencyOrganization(policy.broker, context, latest(policyTimes.get(policy.id)));
    if (agency.id) agencies.set(agency.id, agency);
  }
  return { principal, patientId: principal.memberId, patients, coverages, agencies, householdOf };
}

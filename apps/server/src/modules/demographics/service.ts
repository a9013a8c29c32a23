import type {
  DemographicsChangeRequestSchema,
  DemographicsMember,
  PolicyDemographics,
  UpdateLanguageResponse,
} from '@portal/contracts';
import { changeRouteFor } from '@portal/domain';
import type { z } from 'zod';
import { mayChangeMember } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import { readTogether, type Executor, type Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { ruleViolation } from '../../plugins/command';
import { HttpProblem } from '../../plugins/errors';
import { ProblemType } from '@portal/contracts';
import type { ServiceRequestRow } from '../service-request/service';
import { editConflict, submitServiceRequest } from '../service-request/service';
import {
  lockMember,
  memberById,
  membersOnPolicy,
  updateMemberDetails,
  type MemberRow,
} from '../member/service';
import { preferencesOf, saveLanguage } from '../paperless/service';
import { policyFacts } from '../policy/service';

/**
 * Demographics (issue 11, SPEC §2 /admin/demographics): name, date of birth, gender and tobacco use of
 * the members of a policy — each a `demographics` request staff review (they set the premium's rating,
 * and the exchange's eligibility record for on-exchange policies, where the exchange decides them:
 * `changeRouteFor(policy, 'demographics')`) — and the household's preferred language, applied at once.
 *
 * Who may ask for whom: the subscriber (and staff, and an assertion naming the policy) for everyone on
 * the policy; another signed-in member of the household only for themselves.
 */

type ChangeBody = z.output<typeof DemographicsChangeRequestSchema>;

const memberView = (row: MemberRow, relationship: string, canChange: boolean): DemographicsMember => ({
  id: row.id,
  firstName: row.firstName,
  middleName: row.middleName,
  lastName: row.lastName,
  dob: row.dob,
  gender: row.gender,
  tobacco: row.tobacco,
  relationship,
  version: row.version,
  canChange,
});

export async function policyDemographics(
  db: Executor,
  policyId: string,
  principal: Principal,
): Promise<PolicyDemographics> {
  const policy = await policyFacts(db, policyId);
  if (!policy) throw new Error(`policy ${policyId} vanished`);
  const [people, prefs] = await readTogether(db, [
    () => membersOnPolicy(db, policyId),
    () => (policy.householdId ? preferencesOf(db, policy.householdId) : undefined),
  ]);
  return {
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    householdId: policy.householdId,
    onExchange: changeRouteFor(policy, 'demographics') === 'exchange',
    members: people.map(({ member, relationship }) =>
      memberView(member, relationship, mayChangeMember(principal, policy, member.id)),
    ),
    language: { value: prefs?.language ?? 'en', version: prefs?.version ?? null },
  };
}

const FIELDS = ['firstName', 'middleName', 'lastName', 'dob', 'gender', 'tobacco'] as const;

export interface DemographicsOutcome {
  request: ServiceRequestRow;
  events: OutboxEventInput[];
}

/**
 * One member's new details as a `demographics` request (needs review): checked against the member's
 * version the page read (409 with the current details), the tenant's gender options, and where the
 * change goes (422 `report-to-exchange` for an on-exchange policy).
 */
export async function requestDemographicsChange(
  tx: Transaction,
  input: {
    policyId: string;
    body: ChangeBody;
    principal: Principal;
    genderOptions: readonly string[];
    exchange: { name: string; url: string; phone: string };
  },
): Promise<DemographicsOutcome> {
  const policy = await policyFacts(tx, input.policyId);
  if (!policy?.householdId)
    throw ruleViolation('params.policyId', 'no-household', 'This policy belongs to no household.');
  const { body } = input;
  const onPolicy = (await membersOnPolicy(tx, policy.id)).find(({ member }) => member.id === body.memberId);
  if (!onPolicy) throw ruleViolation('body.memberId', 'not-on-policy', 'This person is not on the policy.');
  if (!mayChangeMember(input.principal, policy, body.memberId)) {
    throw new HttpProblem(
      403,
      ProblemType.forbidden,
      'Not allowed',
      'Only the subscriber may ask to change another member’s details.',
    );
  }
  const row = await lockMember(tx, body.memberId);
  if (!row) throw ruleViolation('body.memberId', 'not-on-policy', 'This person is not on the policy.');
  if (row.version !== body.version)
    throw editConflict('member', { member: memberView(row, onPolicy.relationship, true) });
  if (!input.genderOptions.includes(body.gender))
    throw ruleViolation('body.gender', 'not-an-option', 'Not one of the gender options.');
  if (changeRouteFor(policy, 'demographics') === 'exchange') {
    throw ruleViolation(
      'body',
      'report-to-exchange',
      `Changes to these details are reported to ${input.exchange.name}.`,
      { exchange: input.exchange.name, url: input.exchange.url, phone: input.exchange.phone },
    );
  }
  const requested = { ...body, middleName: body.middleName === '' ? null : body.middleName };
  const changes = Object.fromEntries(
    FIELDS.filter((field) => (requested[field] ?? null) !== (row[field] ?? null)).map((field) => [
      field,
      { from: row[field] ?? null, to: requested[field] ?? null },
    ]),
  );
  if (Object.keys(changes).length === 0)
    throw ruleViolation('body', 'no-change', 'These are already the member’s details.');
  return submitServiceRequest(tx, {
    type: 'demographics',
    householdId: policy.householdId,
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    details: { memberId: row.id, memberVersion: row.version, changes },
    memberIds: [row.id],
    requestedBy: input.principal,
  });
}

/** The household's preferred language, applied at once (409 with the current one when it changed since it was read). */
export async function changeLanguage(
  tx: Transaction,
  householdId: string,
  body: { language: 'en' | 'es' | 'pt'; version: number | null },
): Promise<UpdateLanguageResponse> {
  const current = await preferencesOf(tx, householdId, true);
  if ((current?.version ?? null) !== body.version)
    throw editConflict('language', {
      language: current?.language ?? 'en',
      version: current?.version ?? null,
    });
  const saved = await saveLanguage(tx, householdId, body.language, current !== undefined);
  if (!saved) {
    const now = await preferencesOf(tx, householdId);
    throw editConflict('language', { language: now?.language ?? 'en', version: now?.version ?? null });
  }
  return { language: saved.language, version: saved.version };
}

type FieldChange = { from: unknown; to: unknown };

/**
 * Staff approved a demographics request (issue 13; docs/decisions/030): the member's details become the
 * requested ones. Only from the member's version the request was made on: a member changed since (another
 * approved request) is refused with 409 `conflict` — the request is re-read, not applied over newer details.
 */
export async function applyDemographicsChange(
  tx: Transaction,
  input: { memberId: string; memberVersion: number; changes: Record<string, FieldChange> },
): Promise<void> {
  const row = await lockMember(tx, input.memberId);
  if (!row) throw ruleViolation('params.id', 'not-on-policy', 'The member is gone.');
  if (row.version !== input.memberVersion) throw editConflict('member', { memberVersion: row.version });
  const values = Object.fromEntries(
    FIELDS.filter((field) => field in input.changes).map((field) => [
      field,
      input.changes[field]?.to ?? null,
    ]),
  );
  await updateMemberDetails(tx, row.id, values);
}

/** A member's current details, for the queue's comparison with a request. */
export async function memberDetailsOf(
  db: Executor,
  memberId: string,
): Promise<Record<string, unknown> | null> {
  const row = await memberById(db, memberId);
  return row ? Object.fromEntries(FIELDS.map((field) => [field, row[field]])) : null;
}

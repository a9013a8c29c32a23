import type { FastifyRequest } from 'fastify';
import { AddDependentDetailsSchema, RemoveDependentDetailsSchema } from '@portal/contracts';
import { APPLIED_ON_APPROVAL, dueDayRule, type ServiceRequestType } from '@portal/domain';
import type { Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { ruleViolation } from '../../plugins/command';
import { applyResidentialMove } from '../address/service';
import { applyBrokerChange } from '../broker/service';
import { applyDemographicsChange } from '../demographics/service';
import { applyAddDependents, applyRemoveDependent } from '../dependents/service';
import { applyCoverageDates, applyEndCoverage, applyPlanChange } from '../policy-coverage/service';
import { reinstateApprovedRequest } from '../reinstatement/service';
import type { ServiceRequestRow } from '../service-request/service';

/**
 * What approving a request changes (issue 13; docs/decisions/030), by type: each change is made by the
 * module that owns the record, through its service, in the approval's transaction. Types that change no
 * record here (a general question, a report of change, a PCP choice, an additional product's application)
 * are answered and closed. A request whose stored values no longer parse (a contract changed since) is
 * refused rather than half-applied.
 */

export interface Applied {
  events: OutboxEventInput[];
  memberIds?: string[];
}

export const appliesChange = (type: string): boolean =>
  (APPLIED_ON_APPROVAL as readonly string[]).includes(type);

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function needPolicy(row: ServiceRequestRow): string {
  if (row.policyId === null)
    throw ruleViolation('params.id', 'policy-not-found', 'The request’s policy is gone.');
  return row.policyId;
}

function parsed<T>(
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
  details: unknown,
): T {
  const result = schema.safeParse(details);
  if (!result.success)
    throw ruleViolation(
      'params.id',
      'details-unreadable',
      'The request’s values cannot be read: reject it and ask the member again.',
    );
  return result.data;
}

export async function applyApproved(
  request: FastifyRequest,
  tx: Transaction,
  row: ServiceRequestRow,
): Promise<Applied> {
  const today = request.server.today();
  const details = row.details ?? {};
  const type = row.type as ServiceRequestType;
  switch (type) {
    case 'add-dependent': {
      const memberIds = await applyAddDependents(tx, {
        policyId: needPolicy(row),
        details: parsed(AddDependentDetailsSchema, details),
        today,
      });
      return { events: [], memberIds };
    }
    case 'remove-dependent': {
      const removal = parsed(RemoveDependentDetailsSchema, details);
      const memberId = row.memberIds[0];
      if (!memberId) throw ruleViolation('params.id', 'details-unreadable', 'The request names no member.');
      await applyRemoveDependent(tx, {
        policyId: needPolicy(row),
        memberId,
        lastDayOfCoverage: removal.lastDayOfCoverage,
        neverStarts: removal.coverageNeverStarts,
      });
      return { events: [] };
    }
    case 'end-coverage': {
      const endDate = text(details.endDate) ?? row.effectiveDate;
      if (!endDate) throw ruleViolation('params.id', 'details-unreadable', 'The request has no end date.');
      return {
        events: await applyEndCoverage(tx, {
          policyId: needPolicy(row),
          endDate,
          reason: text(details.endReason) ?? 'voluntary',
          today,
        }),
      };
    }
    case 'change-coverage-dates': {
      const newDate = text(details.newDate);
      const which = details.whichDate === 'end' ? 'end' : 'start';
      if (!newDate) throw ruleViolation('params.id', 'details-unreadable', 'The request has no new date.');
      await applyCoverageDates(tx, {
        policyId: needPolicy(row),
        which,
        currentDate: text(details.currentDate),
        newDate,
      });
      return { events: [] };
    }
    case 'change-plan': {
      const planId = text(details.newPlanId);
      if (!planId || !row.effectiveDate)
        throw ruleViolation('params.id', 'details-unreadable', 'The request has no plan or date.');
      return {
        events: await applyPlanChange(tx, {
          policyId: needPolicy(row),
          planId,
          effectiveDate: row.effectiveDate,
          today,
        }),
      };
    }
    case 'reinstatement': {
      const done = await reinstateApprovedRequest(tx, {
        policyId: needPolicy(row),
        transactionId: text(details.transactionId),
        amountCents: num(details.amountCents),
        context: { today, dueRule: dueDayRule(request.server.tenant.account.payments.dueDate) },
      });
      return { events: done.events };
    }
    case 'change-broker': {
      await applyBrokerChange(tx, {
        policyId: needPolicy(row),
        change: details.change === 'remove' ? 'remove' : 'change',
        newBrokerNpn: text(details.newBrokerNpn),
      });
      return { events: [] };
    }
    case 'residential-address': {
      const address = details.address as Parameters<typeof applyResidentialMove>[1]['address'] | undefined;
      const policyIds = Array.isArray(details.policyIds)
        ? details.policyIds.filter((id): id is string => typeof id === 'string')
        : [];
      if (!address || policyIds.length === 0)
        throw ruleViolation('params.id', 'details-unreadable', 'The request has no address.');
      await applyResidentialMove(tx, {
        householdId: row.householdId,
        address,
        fromAddressId: text(details.fromAddressId),
        fromVersion: num(details.fromVersion),
        policyIds,
      });
      return { events: [] };
    }
    case 'demographics': {
      const memberId = text(details.memberId);
      const memberVersion = num(details.memberVersion);
      const changes = details.changes as Record<string, { from: unknown; to: unknown }> | undefined;
      if (!memberId || memberVersion === null || !changes)
        throw ruleViolation('params.id', 'details-unreadable', 'The request has no changes.');
      await applyDemographicsChange(tx, { memberId, memberVersion, changes });
      return { events: [] };
    }
    case 'contact':
    case 'mailing-address':
    case 'report-change':
    case 'pcp':
    case 'additional-product':
    case 'general':
      return { events: [] };
  }
}

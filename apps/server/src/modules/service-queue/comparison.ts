import type { QueueComparisonRow } from '@portal/contracts';
import type { CalendarDate, ServiceRequestType } from '@portal/domain';
import type { Executor } from '../../db/client';
import { policyAddresses } from '../address/service';
import { currentBrokerOf } from '../broker/service';
import { memberDetailsOf } from '../demographics/service';
import { peopleOnPolicy } from '../dependents/service';
import { coverageNow } from '../policy-coverage/service';
import { reinstatementPaymentStatus } from '../reinstatement/service';
import type { ServiceRequestRow } from '../service-request/service';

/**
 * The queue's comparison (issue 13): for each type, what the request asks for beside what the record says
 * now, read through the owning modules' services. Field keys are stable; the page translates them.
 */

const text = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

const addressLine = (address: Record<string, unknown> | null | undefined): string | null =>
  address
    ? [
        address.street1,
        address.street2,
        address.city,
        `${text(address.state) ?? ''} ${text(address.zipCode) ?? ''}`.trim(),
      ]
        .filter((part) => typeof part === 'string' && part !== '')
        .join(', ')
    : null;

const row = (
  field: string,
  requested: unknown,
  current: unknown,
  about: string | null = null,
): QueueComparisonRow => ({ field, about, requested: text(requested), current: text(current) });

export async function comparisonOf(
  db: Executor,
  request: ServiceRequestRow,
  today: CalendarDate,
): Promise<QueueComparisonRow[]> {
  const details = request.details ?? {};
  const policyId = request.policyId;
  const coverage = policyId ? await coverageNow(db, policyId, today) : null;
  switch (request.type as ServiceRequestType) {
    case 'add-dependent': {
      const people = Array.isArray(details.dependents)
        ? (details.dependents as Record<string, unknown>[])
        : [];
      return [
        row('lifeEvent', details.lifeEvent, null),
        row('lifeEventDate', details.lifeEventDate, null),
        row('coverageStartDate', details.coverageStartDate, coverage?.startDate ?? null),
        ...people.flatMap((person) => {
          const name = `${text(person.firstName) ?? ''} ${text(person.lastName) ?? ''}`.trim();
          return [
            row('onPolicy', 'yes', 'no', name),
            row('dob', person.dob, null, name),
            row('gender', person.gender, null, name),
            row('relationship', person.relationship, null, name),
            row('ssnLast4', person.ssnLast4, null, name),
          ];
        }),
      ];
    }
    case 'remove-dependent': {
      const memberId = request.memberIds[0];
      const person =
        memberId && policyId
          ? (await peopleOnPolicy(db, policyId, today)).find((candidate) => candidate.id === memberId)
          : undefined;
      const name = text(details.memberName);
      return [
        row('removalReason', details.removalReason, null, name),
        row('removalDate', details.removalDate, null, name),
        row('coverageEndDate', details.lastDayOfCoverage, person ? (person.endDate ?? 'open') : null, name),
        row('memberStatus', 'Inactive', person?.status ?? null, name),
      ];
    }
    case 'end-coverage':
      return [
        row('endReason', details.endReason, null),
        row('coverageEndDate', details.endDate, coverage ? (coverage.endDate ?? 'open') : null),
        row('enrollmentStatus', 'Terminated', coverage?.enrollmentStatus ?? null),
      ];
    case 'change-coverage-dates': {
      const which = details.whichDate === 'end' ? 'end' : 'start';
      const now = coverage ? (which === 'start' ? coverage.startDate : (coverage.endDate ?? 'open')) : null;
      return [
        row('dateReason', details.dateReason, null),
        row(which === 'start' ? 'coverageStartDate' : 'coverageEndDate', details.newDate, now),
      ];
    }
    case 'change-plan':
      return [
        row('plan', details.newPlanName, coverage?.planName ?? details.currentPlanName),
        row('effectiveDate', request.effectiveDate, null),
        ...(details.qualifyingEvent
          ? [row('lifeEvent', details.qualifyingEvent, null), row('lifeEventDate', details.eventDate, null)]
          : []),
      ];
    case 'reinstatement':
      return [
        row('enrollmentStatus', 'Active', coverage?.enrollmentStatus ?? null),
        row('coverageEndDate', 'open', coverage ? (coverage.endDate ?? 'open') : null),
        row('paymentStatus', 'Succeeded', await reinstatementPaymentStatus(db, text(details.transactionId))),
        row('amountCents', details.amountCents, null),
      ];
    case 'change-broker':
      return [
        row(
          'broker',
          details.change === 'remove'
            ? null
            : `${text(details.newBrokerName) ?? ''} (NPN ${text(details.newBrokerNpn) ?? ''})`,
          policyId ? await currentBrokerOf(db, policyId) : null,
        ),
      ];
    case 'residential-address': {
      const current = policyId ? (await policyAddresses(db, policyId)).residential : null;
      return [
        row(
          'residentialAddress',
          addressLine(details.address as Record<string, unknown>),
          addressLine(current),
        ),
        ...(details.moveDate ? [row('moveDate', details.moveDate, null)] : []),
      ];
    }
    case 'demographics': {
      const memberId = text(details.memberId);
      const current = memberId ? await memberDetailsOf(db, memberId) : null;
      const changes = (details.changes ?? {}) as Record<string, { to: unknown }>;
      return Object.entries(changes).map(([field, change]) =>
        row(field, change.to, current?.[field] ?? null),
      );
    }
    case 'contact':
    case 'mailing-address':
    case 'report-change':
    case 'pcp':
    case 'additional-product':
    case 'general':
      return [
        ...(request.subject ? [row('subject', request.subject, null)] : []),
        ...Object.entries(details)
          .filter(([, value]) => value !== null && typeof value !== 'object')
          .map(([field, value]) => row(field, value, null)),
      ];
  }
}

/** The people on the request's policy now, with their SPEC §4 status. */
export async function peopleNow(db: Executor, policyId: string | null, today: CalendarDate) {
  if (policyId === null) return [];
  return (await peopleOnPolicy(db, policyId, today)).map((person) => ({
    name: `${person.firstName} ${person.lastName}`,
    relationship: person.relationship,
    status: person.status,
  }));
}

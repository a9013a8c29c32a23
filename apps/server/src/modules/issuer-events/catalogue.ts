import type { IssuerEventType } from '@portal/contracts';
import type { OutboxEvent } from '../../outbox/events';

/**
 * Which outbox events become which issuer events (docs/decisions/052, docs/ISSUER-EVENTS.md), and their
 * data: ids, amounts and dates of the change, never a secret or a full number. An outbox event that is
 * not in the catalogue is not published.
 */

export interface IssuerEvent {
  type: IssuerEventType;
  data: Record<string, unknown>;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

const CONTACT_CHANGES = new Set(['contact', 'mailing-address', 'residential-address']);
const AUTOPAY_CHANGES: Record<string, string> = {
  'autopay.enrolled': 'enrolled',
  'autopay.changed': 'changed',
  'autopay.replaced': 'replaced',
  'autopay.cancelled': 'cancelled',
  'autopay.skip-next': 'skip-next',
  'autopay.skip-undone': 'skip-undone',
};

/** The issuer events an outbox event gives (a completed contact request is also a status change: two). */
export function issuerEventsOf(event: OutboxEvent): IssuerEvent[] {
  const p = event.payload;
  const base = {
    householdId: event.householdId,
    policyId: event.policyId ?? null,
    policyNumber: str(p.policyNumber),
  };
  const events: IssuerEvent[] = [];
  if (event.type.startsWith('service-request.')) {
    const status = event.type.slice('service-request.'.length);
    const request = {
      serviceRequestId: str(p.serviceRequestId),
      referenceNumber: str(p.referenceNumber) ?? '',
    };
    const type = str(p.requestType) ?? '';
    events.push({
      type: 'service-request.status-changed',
      data: { ...base, ...request, requestType: type, status },
    });
    if (status === 'completed' && CONTACT_CHANGES.has(type))
      events.push({ type: 'member.contact-changed', data: { ...base, ...request, change: type } });
    if (status === 'submitted' && type === 'add-dependent')
      events.push({ type: 'dependents.requested', data: { ...base, ...request } });
    if (status === 'completed' && type === 'add-dependent')
      events.push({ type: 'dependents.approved', data: { ...base, ...request } });
    if (status === 'completed' && type === 'end-coverage')
      events.push({
        type: 'coverage.ended',
        data: {
          ...base,
          reason: 'member-request',
          serviceRequestId: request.serviceRequestId,
          documentId: null,
        },
      });
    if (status === 'completed' && type === 'reinstatement')
      events.push({ type: 'coverage.reinstated', data: { ...base, ...request } });
    return events;
  }
  const autopay = AUTOPAY_CHANGES[event.type];
  if (autopay)
    return [
      { type: 'autopay.changed', data: { ...base, change: autopay, subscriptionId: str(p.subscriptionId) } },
    ];
  switch (event.type) {
    case 'payment.succeeded':
    case 'payment.settled':
      return [
        {
          type: 'payment.succeeded',
          data: {
            ...base,
            paymentId: str(p.paymentId),
            amountCents: int(p.amountCents) ?? 0,
            paymentDate: str(p.paymentDate),
            settled: event.type === 'payment.settled',
          },
        },
      ];
    case 'payment.returned':
      return [
        {
          type: 'payment.returned',
          data: { ...base, paymentId: str(p.paymentId), amountCents: int(p.amountCents) },
        },
      ];
    case 'payment.refunded':
      return [
        {
          type: 'payment.refunded',
          data: { ...base, paymentId: str(p.paymentId), amountCents: int(p.amountCents) },
        },
      ];
    case 'payment.binder-paid':
      return [
        {
          type: 'coverage.effectuated',
          data: { ...base, coverageStart: str(p.effectiveDate), paymentId: str(p.paymentId) },
        },
      ];
    case 'document.issued': {
      const subtype = str(p.subtype);
      if (subtype !== 'termination' && subtype !== 'cancellation') return [];
      return [
        {
          type: 'coverage.ended',
          data: {
            ...base,
            reason: subtype === 'termination' ? 'non-payment' : 'binder-not-paid',
            serviceRequestId: null,
            documentId: str(p.documentId),
          },
        },
      ];
    }
    default:
      return [];
  }
}

import { z } from 'zod';
import { ISSUER_EVENT_DATA, ISSUER_EVENT_TYPES, IssuerEventEnvelopeSchema } from './issuer-events';

/** What each issuer event means (docs/ISSUER-EVENTS.md), beside its schema. */
export const ISSUER_EVENT_MEANING: Record<keyof typeof ISSUER_EVENT_DATA, string> = {
  'member.contact-changed':
    'A member changed the household’s phone numbers, e-mail or preferred contact method (`contact`), the mailing address (`mailing-address`), or a move was approved (`residential-address`).',
  'dependents.requested': 'A member asked to add dependents to a policy (a service request for review).',
  'dependents.approved': 'Staff approved adding the dependents: they are covered on the policy.',
  'coverage.ended':
    'Coverage ended: at the member’s request (`member-request`), for non-payment after the grace period (`non-payment`), or a new enrolment whose binder was not paid by its deadline (`binder-not-paid`).',
  'coverage.reinstated': 'A terminated policy was reinstated (paid at once, or approved by staff).',
  'coverage.effectuated': 'A binder payment made a new enrolment effective from `coverageStart`.',
  'payment.succeeded':
    'A payment was received: a card payment at once, a bank payment when it settled (`settled: true`).',
  'payment.returned': 'A bank payment was returned by the member’s bank: the amount is owed again.',
  'payment.refunded': 'Staff refunded all or part of a payment.',
  'autopay.changed': 'A member (or staff for them) set up, changed, replaced, cancelled or skipped autopay.',
  'service-request.status-changed':
    'A service request was submitted, taken into review, completed, rejected or cancelled.',
};

/** The catalogue as Markdown: each type, what it means, and its `data` as a JSON Schema. */
export function issuerEventsReferenceMarkdown(): string {
  const lines = [
    '| Event type | When |',
    '| --- | --- |',
    ...ISSUER_EVENT_TYPES.map((type) => `| \`${type}\` | ${ISSUER_EVENT_MEANING[type]} |`),
    '',
    '### The body of every webhook',
    '',
    '```json',
    JSON.stringify(z.toJSONSchema(IssuerEventEnvelopeSchema), null, 2),
    '```',
  ];
  for (const type of ISSUER_EVENT_TYPES) {
    lines.push(
      '',
      `### \`${type}\``,
      '',
      ISSUER_EVENT_MEANING[type],
      '',
      '`data`:',
      '',
      '```json',
      JSON.stringify(z.toJSONSchema(ISSUER_EVENT_DATA[type]), null, 2),
      '```',
    );
  }
  return lines.join('\n') + '\n';
}

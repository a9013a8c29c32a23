import { formatUsDate, type CalendarDate } from '@portal/domain';

/** The policy a payment is for, as the fixtures make it (createMemberWithPolicy). */
export interface PayablePolicy {
  policyId: string;
  folderId: string;
}

/**
 * A `POST /api/v1/Payment` body as the make-payment page sends it (SPEC §3 payment information): the
 * policy, the payment details and the payer — a made-up payer whose fields pass the form's rules, with
 * the payment's date. `information` changes or adds payer fields (a ZIP+4, an e-mail for the receipt).
 */
export function paymentBody(
  policy: PayablePolicy,
  date: CalendarDate,
  paymentDetails: Record<string, unknown>,
  information: Record<string, string> = {},
) {
  return {
    id: policy.policyId,
    paymentDetails,
    information: {
      subscriberFolderID: policy.folderId,
      firstName: 'Test',
      lastName: 'Member',
      dateofBirth: '1985-04-12',
      healthPlanID: '77421MA0010001-01',
      billingName: 'Test Member',
      street: '12 Harbor St',
      city: 'Fall River',
      state: 'MA',
      zip: '02720',
      date: formatUsDate(date),
      ...information,
    },
  };
}

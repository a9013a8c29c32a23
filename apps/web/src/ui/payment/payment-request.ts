import type { MakePaymentRequest, MakePaymentResponse, PolicyDetail } from '@portal/contracts';
import { type CalendarDate, formatUsDate, toWireAmount } from '@portal/domain';
import type { Review } from './payment-review-step';

/** The form field a field error of the make-payment body (today's or a later date's) belongs to. */
export function formFieldOf(field: string): string | null {
  if (field.endsWith('paymentAmount')) return 'amount';
  if (field === 'body.information.date') return 'paymentDate';
  if (field.endsWith('walletItemId') || field.endsWith('paymentToken')) return 'methodChoice';
  if (field.startsWith('body.information.'))
    return BILLING_FIELDS[field.slice('body.information.'.length)] ?? null;
  return null;
}
const BILLING_FIELDS: Record<string, string> = {
  billingName: 'billingName',
  street: 'street',
  city: 'city',
  state: 'state',
  zip: 'zip',
  emailAddress: 'emailAddress',
};

/**
 * Why a method the member asked to keep was not saved while paying, as the wallet's own message code
 * (wallet.errors.*; '' for a reason with no words of its own); null when it was saved or not asked.
 */
type NotSavedReason =
  'already-saved' | 'limit-reached' | 'card-expired' | 'method-type-not-accepted' | 'token-unknown';
export function notSavedReason(saved: MakePaymentResponse['savedToWallet']): NotSavedReason | '' | null {
  switch (saved) {
    case 'saved':
    case 'not-asked':
      return null;
    case 'already-saved':
    case 'limit-reached':
    case 'card-expired':
    case 'method-type-not-accepted':
      return saved;
    case 'token-taken':
      return 'token-unknown';
    case 'holder-missing':
      return '';
  }
}

/** A refusal about the policy itself (`body.id`: it ended, its reinstatement expired…). */
export const aboutThePolicy = (field: string) => field === 'body.id';

/** The make-payment request for what the member reviewed (today's payment, or a later date's). */
export function paymentRequest(
  policy: PolicyDetail,
  review: Review,
  reinstatement: boolean,
  today: CalendarDate,
): MakePaymentRequest {
  const { values, method } = review;
  const paysLater = values.when === 'later';
  const subscriber = policy.members.find((member) => member.relationship === 'self') ?? policy.members[0];
  return {
    id: policy.id,
    ...(reinstatement ? { purpose: 'reinstatement' as const } : {}),
    paymentDetails: {
      paymentAmount: toWireAmount(review.amountCents),
      method: method.method,
      ...(method.kind === 'saved' ? { walletItemId: method.itemId } : { paymentToken: method.token }),
      saveToWallet: method.kind === 'fresh' && values.saveToWallet,
    },
    information: {
      subscriberFolderID: subscriber?.folderId ?? policy.issuerSubscriberId,
      firstName: policy.policyHolder.firstName,
      lastName: policy.policyHolder.lastName,
      dateofBirth: subscriber?.dob ?? '1900-01-01',
      exchangeID: policy.exchangeSubscriberId,
      healthPlanID: policy.planId ?? '',
      billingName: values.billingName,
      street: values.street,
      city: values.city,
      state: values.state,
      zip: values.zip,
      ...(values.emailAddress ? { emailAddress: values.emailAddress } : {}),
      date: formatUsDate(paysLater ? values.paymentDate : today),
    },
  };
}

import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { MakePaymentForm, PolicyDetail } from '@portal/contracts';
import { type CalendarDate, scheduledPaymentWindow, toWireAmount } from '@portal/domain';
import { useConfig } from '../../config/config-context';
import { contractResolver } from '../form';

/**
 * The details form, checked by the contract's schema with the tenant's limits and the days a payment may
 * be scheduled for (the `window`, from tomorrow to SPEC §9 scheduledPaymentHorizonDays), filled in with
 * the amount, the method chosen first and the policy holder's name, address and e-mail. A reinstatement's
 * amount follows the offer (it grows on the first of a month): the field shows it.
 */
export function usePaymentDetailsForm({
  policy,
  defaultAmountCents,
  defaultMethod,
  reinstating,
  today,
}: {
  policy: PolicyDetail;
  defaultAmountCents: number;
  defaultMethod: string;
  reinstating: boolean;
  today: CalendarDate;
}) {
  const limits = useConfig().account.payments;
  const window = useMemo(
    () => scheduledPaymentWindow(today, limits.scheduledPaymentHorizonDays),
    [today, limits.scheduledPaymentHorizonDays],
  );
  const address = policy.mailingAddress ?? policy.residentialAddress;
  const resolver = useMemo(
    () => contractResolver((c) => c.makePaymentFormSchema(limits, window)),
    [limits, window],
  );
  const form = useForm<MakePaymentForm>({
    resolver,
    defaultValues: {
      policyId: policy.id,
      amount: defaultAmountCents > 0 ? toWireAmount(defaultAmountCents) : '',
      when: 'today',
      paymentDate: '',
      methodChoice: defaultMethod,
      saveToWallet: false,
      billingName: `${policy.policyHolder.firstName} ${policy.policyHolder.lastName}`,
      street: address?.street1 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zip: address?.zipCode ?? '',
      emailAddress: policy.contactInformation?.email ?? '',
    },
  });
  const { setValue } = form;
  useEffect(() => {
    if (reinstating && defaultAmountCents > 0) setValue('amount', toWireAmount(defaultAmountCents));
  }, [reinstating, defaultAmountCents, setValue]);
  return { form, window };
}

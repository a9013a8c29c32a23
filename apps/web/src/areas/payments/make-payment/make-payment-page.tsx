import { useTranslation } from 'react-i18next';
import type { PolicySummary } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import CircularProgress from '../../../kit/CircularProgress';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { HydrateLater } from '../../../lib/hydrate-later';
import { PolicySelector } from '../../../ui/policy-selector';
import { OwedSummary } from '../../../ui/payment/owed-summary';
import { PaymentForm } from '../../../ui/payment/payment-form';
import { usePaymentContext } from '../../../ui/payment/use-payment-context';

/** A policy a premium can be paid on: in force or starting, or ended with money still owed. */
const payable = (policy: PolicySummary) =>
  policy.financeStatus !== 'Binder' && (policy.status !== 'Inactive' || policy.amountDueCents > 0);

/** Without a policy chosen before, the page opens on one that has something to pay. */
const owing = (policy: PolicySummary) => policy.amountDueCents > 0;

/** SPEC §2 /payments/make-payment: pay a policy's premium now (members, staff for a member, guests). */
export function MakePaymentPage() {
  const { t } = useTranslation();
  const { viewer, policy, choices, detail, wallet, walletLoading } = usePaymentContext(payable, owing);
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('payments.makePayment.heading')}
        </Typography>
        <Typography>{t('payments.makePayment.intro')}</Typography>
      </Stack>
      {viewer.actingFor && <Alert severity="info">{t('payments.makePayment.staffNote')}</Alert>}
      {!policy && <Alert severity="info">{t('payments.makePayment.noPolicies')}</Alert>}
      {policy && <PolicySelector choices={choices} selected={policy} />}
      {policy && (detail.isPending || walletLoading) && <CircularProgress aria-label={t('app.processing')} />}
      {detail.isError && <Alert severity="error">{t('overview.policyUnavailable')}</Alert>}
      {detail.data && !walletLoading && (
        <>
          <OwedSummary policy={detail.data} today={viewer.session.today} />
          {/* The form is hydrated in a task of its own (lib/hydrate-later.tsx). */}
          <HydrateLater name="payment-form">
            <PaymentForm
              key={detail.data.id}
              policy={detail.data}
              wallet={wallet}
              binder={false}
              defaultAmountCents={
                (detail.data.finance?.currentAmountDueCents ?? 0) +
                (detail.data.finance?.pastAmountDueCents ?? 0)
              }
              today={viewer.session.today}
            />
          </HydrateLater>
        </>
      )}
    </Stack>
  );
}

export default MakePaymentPage;

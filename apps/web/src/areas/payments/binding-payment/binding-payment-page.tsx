import { useTranslation } from 'react-i18next';
import type { PolicySummary } from '@portal/contracts';
import { addDays } from '@portal/domain';
import Alert from '../../../kit/Alert';
import CircularProgress from '../../../kit/CircularProgress';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { useFormatters } from '../../../ui/format';
import { PolicySelector } from '../../../ui/policy-selector';
import { PaymentForm } from '../../../ui/payment/payment-form';
import { usePaymentContext } from '../../../ui/payment/use-payment-context';

const awaitingBinder = (policy: PolicySummary) => policy.financeStatus === 'Binder';

/**
 * SPEC §2 /payments/binding-payment (SPEC §4: where an asserted binder session starts): the first
 * premium of a new enrolment, paid in full, which makes the coverage effective (45 CFR 155.400(e)).
 * Shows the deadline; on success the binding-payment flag prunes the menu.
 */
export function BindingPaymentPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { account } = useConfig();
  const { viewer, policy, choices, detail, wallet, walletLoading } = usePaymentContext(awaitingBinder);
  const start = detail.data?.span?.startDate ?? null;
  const binderDue = detail.data?.finance?.currentAmountDueCents ?? 0;
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('payments.binder.heading')}
        </Typography>
        <Typography>{t('payments.binder.intro')}</Typography>
      </Stack>
      {!policy && <Alert severity="info">{t('payments.binder.nothingToPay')}</Alert>}
      {policy && <PolicySelector choices={choices} selected={policy} />}
      {policy && (detail.isPending || walletLoading) && <CircularProgress aria-label={t('app.processing')} />}
      {detail.isError && <Alert severity="error">{t('overview.policyUnavailable')}</Alert>}
      {detail.data && !walletLoading && (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack spacing={1}>
              <Typography sx={{ fontWeight: 600 }}>
                {t('payments.binder.amount', { amount: format.money(binderDue) })}
              </Typography>
              {start && (
                <Alert severity="info">
                  {t('payments.binder.deadline', {
                    date: format.date(addDays(start, account.payments.binderDeadlineDaysAfterStart)),
                    start: format.date(start),
                  })}
                </Alert>
              )}
            </Stack>
          </Paper>
          <PaymentForm
            key={detail.data.id}
            policy={detail.data}
            wallet={wallet}
            binder
            defaultAmountCents={binderDue}
            today={viewer.session.today}
          />
        </>
      )}
    </Stack>
  );
}

export default BindingPaymentPage;

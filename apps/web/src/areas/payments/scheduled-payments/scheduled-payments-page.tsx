import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PolicySummary, ScheduledPayment } from '@portal/contracts';
import { scheduledPaymentWindow } from '@portal/domain';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Link from '../../../kit/Link';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import {
  scheduledPaymentsKey,
  useScheduledPayments,
} from '../../../data/scheduled-payment/get-scheduled-payments';
import { cancelScheduledPayment } from '../../../data/scheduled-payment/scheduled-payment-commands';
import { useWallet } from '../../../data/wallet/get-wallet';
import { useSignedInViewer } from '../../../lib/viewer';
import { useCommand } from '../../../ui/form';
import {
  savedMethodLabel,
  usePaymentMethodLabel,
  walletMethods,
} from '../../../ui/payment/payment-method-label';
import { PolicySelector, usePolicyLabel, useSelectedPolicy } from '../../../ui/policy-selector';
import { useSnackbar } from '../../../ui/snackbar';
import { CancelScheduledDialog } from './cancel-scheduled-dialog';
import { ChangeScheduledDialog } from './change-scheduled-dialog';
import { SchedulePaymentDialog, type MethodChoice } from './schedule-payment-dialog';
import { useScheduledError } from './scheduled-errors';
import { ScheduledPaymentItem, usePaymentSourceLabel, usePaymentTitle } from './scheduled-payment-item';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

/** A policy a payment can be scheduled on: in force or starting, or ended with money still owed (binders are listed, to say why not). */
const schedulable = (policy: PolicySummary) => policy.status !== 'Inactive' || policy.amountDueCents > 0;
const isBinder = (policy: PolicySummary) => policy.financeStatus === 'Binder';

function PageFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('scheduledPayments.heading')}
        </Typography>
        <Typography>{t('scheduledPayments.intro')}</Typography>
      </Stack>
      {children}
    </Stack>
  );
}

/**
 * /payments/scheduled-payments (SPEC §2, §3 Scheduled payment, §9 maxScheduledPaymentsAllowed; issue 10):
 * the chosen policy's scheduled payments, Scheduled ones first (status, date, amount, the method's last
 * digits). Members and staff acting for them (role action `schedule-payment`) schedule one from a saved
 * wallet method for a date in the window, after reviewing it; change its date or amount, or cancel it
 * after confirming, while it is still Scheduled. SPEC §4's clearing rule is said before they confirm.
 */
export function ScheduledPaymentsPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const config = useConfig();
  const snackbar = useSnackbar();
  const describeError = useScheduledError();
  const policyLabel = usePolicyLabel();
  const methodLabel = usePaymentMethodLabel();
  const paymentTitle = usePaymentTitle();
  const sourceLabel = usePaymentSourceLabel();
  const candidates = useMemo(() => viewer.policies.filter(schedulable), [viewer.policies]);
  const { policy, choices } = useSelectedPolicy(candidates, (candidate) => !isBinder(candidate));
  const list = useScheduledPayments(viewer.credentialKey, policy?.id ?? null);
  const entry = viewer.household.households.find((candidate) =>
    candidate.policies.some((summary) => summary.id === policy?.id),
  );
  const walletReferenceId = entry?.household.walletReferenceId ?? null;
  const wallet = useWallet(viewer.credentialKey, walletReferenceId);
  const [scheduling, setScheduling] = useState(false);
  const [changing, setChanging] = useState<ScheduledPayment | null>(null);
  const [cancelling, setCancelling] = useState<ScheduledPayment | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const dateWindow = useMemo(
    () => scheduledPaymentWindow(viewer.session.today, config.account.payments.scheduledPaymentHorizonDays),
    [viewer.session.today, config.account.payments.scheduledPaymentHorizonDays],
  );

  const invalidates = () => [
    scheduledPaymentsKey(viewer.credentialKey),
    ['wallet', viewer.credentialKey],
    ['notifications'],
  ];
  const cancel = useCommand({
    send: (payment: ScheduledPayment, key: string) => cancelScheduledPayment(payment.id, key),
    invalidates,
  });

  if (!policy) {
    return (
      <PageFrame>
        <Alert severity="info">
          {viewer.session.kind === 'staff' && viewer.actingFor === null
            ? t('overview.findMember.body')
            : t('scheduledPayments.noPolicies')}
        </Alert>
      </PageFrame>
    );
  }

  const canManage = viewer.session.actions.includes('schedule-payment');
  const accepts = config.account.payments.paymentTypes;
  const methods: MethodChoice[] = walletMethods(wallet.data)
    .filter((saved) => accepts.includes(saved.method === 'Card' ? 'CardPayments' : 'CheckingOrSavings'))
    .map((saved) => ({ id: saved.id, label: savedMethodLabel(methodLabel, saved) }));
  const defaultMethodId =
    methods.find((method) => method.id === wallet.data?.defaultItem?.id)?.id ?? methods[0]?.id ?? '';
  const data = list.data;
  const binder = isBinder(policy);
  const walletLoading = walletReferenceId !== null && wallet.isPending;

  const onCancel = async () => {
    if (!cancelling) return;
    if (await cancel.submit(cancelling)) {
      snackbar.show(t('scheduledPayments.cancelDialog.cancelled', { payment: paymentTitle(cancelling) }));
      setCancelling(null);
      listHeading.current?.focus();
    }
  };

  /** Why "Schedule a payment" cannot be used now, if it cannot. */
  const blocked = (): string | null => {
    if (!data) return null;
    if (binder) return t('scheduledPayments.binder');
    if (!data.canAddScheduledPayment)
      return t('scheduledPayments.limitReached', { maximum: data.maxScheduledPaymentsAllowed });
    return null;
  };
  const reason = blocked();
  const noMethods = !walletLoading && methods.length === 0;

  return (
    <PageFrame>
      {viewer.actingFor && <Alert severity="info">{t('scheduledPayments.staffNote')}</Alert>}
      <PolicySelector choices={choices} selected={policy} />
      {list.isPending && <LoadingNotice label={t('scheduledPayments.loading')} />}
      {list.isError && (
        <LoadFailedNotice message={t('scheduledPayments.loadError')} retry={() => void list.refetch()} />
      )}
      {data && (
        <>
          <Typography
            ref={listHeading}
            tabIndex={-1}
            variant="body2"
            sx={{ color: 'text.secondary', outline: 'none' }}
          >
            {t('scheduledPayments.limit', {
              scheduled: data.scheduledCount,
              maximum: data.maxScheduledPaymentsAllowed,
            })}
          </Typography>
          <Alert severity="info">{t('scheduledPayments.clearingRule')}</Alert>
          {canManage ? (
            <Stack spacing={1.5}>
              <Box>
                <Button
                  variant="contained"
                  startIcon={<EventOutlined />}
                  disabled={reason !== null || noMethods || walletLoading}
                  aria-describedby={reason !== null || noMethods ? 'schedule-blocked' : undefined}
                  onClick={() => {
                    setScheduling(true);
                  }}
                >
                  {t('scheduledPayments.schedule')}
                </Button>
              </Box>
              {reason !== null && (
                <Typography id="schedule-blocked" variant="body2">
                  {reason}
                </Typography>
              )}
              {reason === null && noMethods && (
                <Typography id="schedule-blocked" variant="body2">
                  {t('scheduledPayments.noMethods')}{' '}
                  <Link component={RouterLink} to="/payments/wallet">
                    {t('scheduledPayments.goToWallet')}
                  </Link>
                </Typography>
              )}
            </Stack>
          ) : (
            <Alert severity="info">{t('scheduledPayments.viewOnly')}</Alert>
          )}
          {cancel.error !== null && cancel.error !== undefined && !cancelling && (
            <Alert severity="error" role="alert">
              {describeError(cancel.error)}
            </Alert>
          )}
          <Box component="section" aria-labelledby="scheduled-list-heading">
            <Typography id="scheduled-list-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
              {t('scheduledPayments.listHeading')}
            </Typography>
            {data.items.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{t('scheduledPayments.empty')}</Typography>
            ) : (
              <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }}>
                {data.items.map((payment) => (
                  <ScheduledPaymentItem
                    key={payment.id}
                    payment={payment}
                    canManage={canManage}
                    busy={cancel.pending}
                    onChange={() => {
                      setChanging(payment);
                    }}
                    onCancel={() => {
                      cancel.reset();
                      setCancelling(payment);
                    }}
                  />
                ))}
              </Stack>
            )}
          </Box>
        </>
      )}

      {scheduling && (
        <SchedulePaymentDialog
          policyId={policy.id}
          policyLabel={policyLabel(policy)}
          methods={methods}
          defaultMethodId={defaultMethodId}
          dateWindow={dateWindow}
          invalidates={invalidates}
          onClose={() => {
            setScheduling(false);
          }}
          onScheduled={(payment) => {
            setScheduling(false);
            snackbar.show(t('scheduledPayments.form.scheduled', { payment: paymentTitle(payment) }));
            listHeading.current?.focus();
          }}
        />
      )}
      {changing && (
        <ChangeScheduledDialog
          payment={changing}
          name={paymentTitle(changing)}
          source={sourceLabel(changing)}
          dateWindow={dateWindow}
          invalidates={invalidates}
          onClose={() => {
            setChanging(null);
          }}
          onChanged={(payment) => {
            setChanging(null);
            snackbar.show(t('scheduledPayments.changeDialog.changed', { payment: paymentTitle(payment) }));
            listHeading.current?.focus();
          }}
        />
      )}
      {cancelling && (
        <CancelScheduledDialog
          name={paymentTitle(cancelling)}
          busy={cancel.pending}
          error={cancel.error ? describeError(cancel.error) : null}
          onKeep={() => {
            setCancelling(null);
          }}
          onConfirm={() => void onCancel()}
        />
      )}
    </PageFrame>
  );
}

export default ScheduledPaymentsPage;

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AutopayList, AutopaySubscription, PolicySummary } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cancelAutopay, skipNextAutopay } from '../../../data/autopay/autopay-commands';
import { autopayKey, useAutopay } from '../../../data/autopay/get-autopay';
import { useWallet } from '../../../data/wallet/get-wallet';
import { useSignedInViewer } from '../../../lib/viewer';
import { useCommand } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { usePaymentMethodLabel } from '../../../ui/payment/payment-method-label';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { useSnackbar } from '../../../ui/snackbar';
import { ActiveAutopay } from './active-autopay';
import { ChangeTermsDialog, ReplaceMethodDialog, TurnOffDialog } from './autopay-dialogs';
import { useAutopayError } from './autopay-errors';
import { chargesText, savedMethods, sourceName } from './autopay-model';
import { AutopayTermsForm } from './autopay-terms-form';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

/** A policy autopay can pay for: in force or starting (a binder policy is listed to say why not yet). */
const current = (policy: PolicySummary) => policy.status !== 'Inactive';

/**
 * /payments/autopay (SPEC §2, §3 Subscription, §4 Autopay "create, update, cancel, or replace", issue 10):
 * for the chosen policy, the active subscription — what it charges, from which saved method, when, its
 * next and last run — and the past ones; set up (SPEC §9 maxAutopayAllowed), change terms, pay from
 * another method, skip the next payment once, turn off. Members and staff acting for them with the role
 * action `manage-autopay` change it; others see it.
 */
export function AutopayPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const snackbar = useSnackbar();
  const methodLabel = usePaymentMethodLabel();
  const describeError = useAutopayError();
  const { policy, choices } = useSelectedPolicy(viewer.policies.filter(current));
  const autopay = useAutopay(viewer.credentialKey, policy?.id ?? null);
  const entry = viewer.household.households.find((candidate) =>
    candidate.policies.some((summary) => summary.id === policy?.id),
  );
  const walletReferenceId = entry?.household.walletReferenceId ?? null;
  const wallet = useWallet(viewer.credentialKey, walletReferenceId);
  const [dialog, setDialog] = useState<'change' | 'replace' | 'turnOff' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const canManage = viewer.session.actions.includes('manage-autopay');

  const invalidates = () => [
    autopayKey(viewer.credentialKey, policy?.id ?? ''),
    ['wallet', viewer.credentialKey],
    ['household-user', viewer.credentialKey],
    ['policy'],
    ['notifications'],
  ];
  const skip = useCommand({
    send: (input: { id: string; skip: boolean }, key: string) =>
      skipNextAutopay(input.id, { skip: input.skip }, key),
    invalidates,
  });
  const turnOff = useCommand({ send: (id: string, key: string) => cancelAutopay(id, key), invalidates });

  const frame = (children: React.ReactNode) => (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography ref={heading} tabIndex={-1} variant="h4" component="h1" sx={{ outline: 'none' }}>
          {t('autopay.title')}
        </Typography>
        <Typography>{t('autopay.intro')}</Typography>
      </Stack>
      {viewer.actingFor && canManage && <Alert severity="info">{t('autopay.staffNote')}</Alert>}
      {children}
    </Stack>
  );

  if (!policy) return frame(<Alert severity="info">{t('autopay.noPolicies')}</Alert>);
  const selector = <PolicySelector choices={choices} selected={policy} />;
  if (autopay.isPending || (walletReferenceId !== null && wallet.isPending)) {
    return frame(
      <>
        {selector}
        <LoadingNotice label={t('autopay.loading')} />
      </>,
    );
  }
  if (autopay.isError) {
    return frame(
      <>
        {selector}
        <LoadFailedNotice message={t('autopay.loadError')} retry={() => void autopay.refetch()} />
      </>,
    );
  }

  const list = autopay.data;
  const active = list.items.find((item) => item.state === 'Active') ?? null;
  const past = list.items.filter((item) => item.state !== 'Active');
  const methods = savedMethods(wallet.data ?? null, methodLabel, viewer.household.today);
  const binder = policy.financeStatus === 'Binder';
  const activeName = active ? sourceName(t, active.paymentSource, methodLabel) : '';
  const focusHeading = () => {
    heading.current?.focus();
  };
  const onSetUp = (answer: AutopayList) => {
    if (answer.items.some((item) => item.state === 'Active')) snackbar.show(t('autopay.setUp.done'));
    focusHeading();
  };
  const onSkip = async (subscription: AutopaySubscription, skipIt: boolean) => {
    const answer = await skip.submit({ id: subscription.id, skip: skipIt });
    if (answer && subscription.nextRun) {
      const month = format.month(subscription.nextRun.period);
      snackbar.show(
        skipIt ? t('autopay.actions.skipped', { month }) : t('autopay.actions.unskipped', { month }),
      );
    }
  };
  const onTurnOff = async () => {
    if (!active) return;
    if (await turnOff.submit(active.id)) {
      setDialog(null);
      snackbar.show(t('autopay.cancelDialog.done'));
      focusHeading();
    }
  };

  const setUp = () => {
    if (active)
      return (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('autopay.unavailable.limit', { maximum: list.maxAutopayAllowed })}
        </Typography>
      );
    if (!canManage) return <Alert severity="info">{t('autopay.viewOnly')}</Alert>;
    let why: React.ReactNode = null;
    if (binder) {
      why = (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/payments/binding-payment" color="inherit" size="small">
              {t('autopay.unavailable.binderLink')}
            </Button>
          }
        >
          {t('autopay.unavailable.binder')}
        </Alert>
      );
    } else if (!list.canAddAutopay) {
      why = (
        <Alert severity="info">{t('autopay.unavailable.limit', { maximum: list.maxAutopayAllowed })}</Alert>
      );
    } else if (methods.length === 0 || methods.every((method) => method.expired)) {
      why = (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/payments/wallet" color="inherit" size="small">
              {t('autopay.unavailable.walletLink')}
            </Button>
          }
        >
          {methods.length === 0 ? t('autopay.unavailable.noMethod') : t('autopay.unavailable.allExpired')}
        </Alert>
      );
    }
    return (
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="autopay-setup-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack spacing={2}>
          <Typography id="autopay-setup-heading" variant="h5" component="h2">
            {t('autopay.setUp.heading')}
          </Typography>
          {why ?? (
            <>
              <Typography variant="body2">{t('autopay.setUp.intro')}</Typography>
              <AutopayTermsForm
                key={policy.id}
                target={{ kind: 'create', policyId: policy.id, methods }}
                policyNumber={policy.policyNumber}
                invalidates={invalidates}
                onDone={onSetUp}
                labelledBy="autopay-setup-heading"
                actions={(pending) => (
                  <Box>
                    <Button type="submit" variant="contained" size="large" disabled={pending}>
                      {pending ? t('autopay.setUp.saving') : t('autopay.setUp.submit')}
                    </Button>
                  </Box>
                )}
              />
            </>
          )}
        </Stack>
      </Paper>
    );
  };

  return frame(
    <>
      {selector}
      {skip.error !== null && skip.error !== undefined && (
        <Alert severity="error" role="alert">
          {describeError(skip.error)}
        </Alert>
      )}
      {active && (
        <ActiveAutopay
          subscription={active}
          methodName={activeName}
          canManage={canManage}
          busy={skip.pending || turnOff.pending}
          onChange={() => {
            setDialog('change');
          }}
          onReplace={() => {
            setDialog('replace');
          }}
          onSkip={(skipIt) => void onSkip(active, skipIt)}
          onTurnOff={() => {
            turnOff.reset();
            setDialog('turnOff');
          }}
        />
      )}
      {setUp()}
      <Box component="section" aria-labelledby="autopay-past-heading">
        <Typography id="autopay-past-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          {t('autopay.past.heading')}
        </Typography>
        {past.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('autopay.past.empty')}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {past.map((item) => (
              <Paper component="li" key={item.id} variant="outlined" sx={{ p: 2 }}>
                <Typography sx={{ fontWeight: 600 }}>{chargesText(t, item, format.money)}</Typography>
                <Typography>{sourceName(t, item.paymentSource, methodLabel)}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('autopay.past.period', {
                    from: format.date(item.startDate),
                    to: item.endDate ? format.date(item.endDate) : '—',
                  })}
                  {' · '}
                  {item.replacedBy ? t('autopay.past.replaced') : t('autopay.past.cancelled')}
                </Typography>
              </Paper>
            ))}
          </Stack>
        )}
      </Box>

      {dialog === 'change' && active && (
        <ChangeTermsDialog
          subscription={active}
          policyNumber={policy.policyNumber}
          methodName={activeName}
          invalidates={invalidates}
          onClose={() => {
            setDialog(null);
          }}
          onDone={() => {
            setDialog(null);
            snackbar.show(t('autopay.changeDialog.saved'));
            focusHeading();
          }}
        />
      )}
      {dialog === 'replace' && active && (
        <ReplaceMethodDialog
          subscription={active}
          policyNumber={policy.policyNumber}
          methods={methods}
          invalidates={invalidates}
          onClose={() => {
            setDialog(null);
          }}
          onDone={(_answer, methodName) => {
            setDialog(null);
            snackbar.show(t('autopay.replaceDialog.done', { method: methodName }));
            focusHeading();
          }}
        />
      )}
      {dialog === 'turnOff' && active && (
        <TurnOffDialog
          policyNumber={policy.policyNumber}
          busy={turnOff.pending}
          error={turnOff.error ? describeError(turnOff.error) : null}
          onCancel={() => {
            setDialog(null);
          }}
          onConfirm={() => void onTurnOff()}
        />
      )}
    </>,
  );
}

export default AutopayPage;

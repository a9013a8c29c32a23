import { useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutopayList, AutopaySubscription, PolicySummary } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
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
import { savedMethods, sourceName } from './autopay-model';
import { AutopaySetUp } from './autopay-setup';
import { PastAutopays } from './past-autopays';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

/** A policy autopay can pay for: in force or starting (a binder policy is listed to say why not yet). */
const current = (policy: PolicySummary) => policy.status !== 'Inactive';

/** The page's heading (it takes the focus after a change), its introduction, and a note for staff acting for a member. */
function AutopayFrame({
  headingRef,
  staffNote,
  children,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  staffNote: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography ref={headingRef} tabIndex={-1} variant="h4" component="h1" sx={{ outline: 'none' }}>
          {t('autopay.title')}
        </Typography>
        <Typography>{t('autopay.intro')}</Typography>
      </Stack>
      {staffNote && <Alert severity="info">{t('autopay.staffNote')}</Alert>}
      {children}
    </Stack>
  );
}

/**
 * The chosen policy's autopay and the household's wallet (the methods autopay may pay from): the policy
 * and its choices, both reads, and what a change refreshes.
 */
function useAutopayOfPolicy() {
  const viewer = useSignedInViewer();
  const { policy, choices } = useSelectedPolicy(viewer.policies.filter(current));
  const autopay = useAutopay(viewer.credentialKey, policy?.id ?? null);
  const entry = viewer.household.households.find((candidate) =>
    candidate.policies.some((summary) => summary.id === policy?.id),
  );
  const walletReferenceId = entry?.household.walletReferenceId ?? null;
  const wallet = useWallet(viewer.credentialKey, walletReferenceId);
  const invalidates = () => [
    autopayKey(viewer.credentialKey, policy?.id ?? ''),
    ['wallet', viewer.credentialKey],
    ['household-user', viewer.credentialKey],
    ['policy'],
    ['notifications'],
  ];
  return {
    policy,
    choices,
    autopay,
    wallet,
    walletPending: walletReferenceId !== null && wallet.isPending,
    invalidates,
  };
}

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
  const { policy, choices, autopay, wallet, walletPending, invalidates } = useAutopayOfPolicy();
  const [dialog, setDialog] = useState<'change' | 'replace' | 'turnOff' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const canManage = viewer.session.actions.includes('manage-autopay');

  const skip = useCommand({
    send: (input: { id: string; skip: boolean }, key: string) =>
      skipNextAutopay(input.id, { skip: input.skip }, key),
    invalidates,
  });
  const turnOff = useCommand({ send: (id: string, key: string) => cancelAutopay(id, key), invalidates });

  const frame = (children: ReactNode) => (
    <AutopayFrame headingRef={heading} staffNote={Boolean(viewer.actingFor) && canManage}>
      {children}
    </AutopayFrame>
  );

  if (!policy) return frame(<Alert severity="info">{t('autopay.noPolicies')}</Alert>);
  const selector = <PolicySelector choices={choices} selected={policy} />;
  if (autopay.isPending || walletPending) {
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
  const activeName = active ? sourceName(t, active.paymentSource, methodLabel) : '';
  const focusHeading = () => {
    heading.current?.focus();
  };
  const closeDialog = () => {
    setDialog(null);
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
      <AutopaySetUp
        policy={policy}
        list={list}
        hasActive={active !== null}
        canManage={canManage}
        methods={methods}
        invalidates={invalidates}
        onDone={onSetUp}
      />
      <PastAutopays past={past} />

      {dialog === 'change' && active && (
        <ChangeTermsDialog
          subscription={active}
          policyNumber={policy.policyNumber}
          methodName={activeName}
          invalidates={invalidates}
          onClose={closeDialog}
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
          onClose={closeDialog}
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
          onCancel={closeDialog}
          onConfirm={() => void onTurnOff()}
        />
      )}
    </>,
  );
}

export default AutopayPage;

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  MakePaymentResponse,
  PolicyDetail,
  PolicySummary,
  ReinstatementOffer,
  Wallet,
} from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import CircularProgress from '../../../kit/CircularProgress';
import Link from '../../../kit/Link';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { reinstatementKey, useReinstatement } from '../../../data/reinstatement/get-reinstatement';
import { useSignedInViewer } from '../../../lib/viewer';
import { useFormatters } from '../../../ui/format';
import { PaymentForm } from '../../../ui/payment/payment-form';
import { usePaymentContext } from '../../../ui/payment/use-payment-context';
import { PolicySelector } from '../../../ui/policy-selector';
import { OfferSummary } from './offer-summary';
import { RefusalPanel } from './refusal-panel';
import { ReinstatementDone } from './reinstatement-done';

/** A policy this page is about: one that ended, or one offered reinstatement. */
const ended = (policy: PolicySummary) =>
  policy.enrollmentStatus === 'Terminated' ||
  policy.reinstatementStatus === 'Eligible' ||
  policy.reinstatementStatus === 'Manual';
/** Without a policy chosen before, the page opens on one that can be reinstated. */
const reinstatable = (policy: PolicySummary) =>
  policy.reinstatementStatus === 'Eligible' || policy.reinstatementStatus === 'Manual';

/**
 * SPEC §2 /admin/policy-selection/span-selection/reactivate-plan (issue 11): a policy terminated for
 * non-payment whose reinstatement status is Eligible or Manual (SPEC §3) is paid back to life. The page
 * says when and why the coverage ended, what reinstating costs and which months that pays for, and by
 * when; it takes the payment through the payment kit (ui/payment: saved methods, hosted fields, a review
 * step) with `purpose: reinstatement`, which also asks for the reinstatement; and it shows how that went
 * with the receipt. Members, staff acting for one and located guests (SPEC §4
 * GuestPaymentTermedReinstateOnlyPages) use it; a guest is never shown the household's people.
 */
export function ReactivatePlanPage() {
  const { t } = useTranslation();
  const { viewer, policy, choices, detail, wallet, walletLoading } = usePaymentContext(ended, reinstatable);
  // Kept by the page: once reinstated, the policy is no longer one that ended (the lists refresh), yet the
  // member still reads how it went and the receipt.
  const [done, setDone] = useState<Done | null>(null);
  const guest = viewer.session.kind === 'guest';
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('reinstatement.heading')}
        </Typography>
        <Typography>{t('reinstatement.intro')}</Typography>
      </Stack>
      {done && <ReinstatementDone answer={done.answer} months={done.months} guest={guest} />}
      {!done && !policy && (
        <Alert severity="info" role="note">
          <Stack spacing={1}>
            <Typography>{t('reinstatement.noPolicies')}</Typography>
            <Link component={RouterLink} to="/account-overview">
              {t('reinstatement.links.overview')}
            </Link>
          </Stack>
        </Alert>
      )}
      {!done && policy && <PolicySelector choices={choices} selected={policy} />}
      {!done && policy && (
        <PolicyReinstatement
          key={policy.id}
          policyId={policy.id}
          detail={detail.data}
          detailFailed={detail.isError}
          wallet={wallet}
          walletLoading={walletLoading}
          guest={guest}
          onDone={setDone}
        />
      )}
    </Stack>
  );
}

interface Done {
  answer: MakePaymentResponse;
  months: readonly string[];
}

interface PolicyReinstatementProps {
  policyId: string;
  detail: PolicyDetail | undefined;
  detailFailed: boolean;
  wallet: Wallet | null;
  walletLoading: boolean;
  guest: boolean;
  onDone: (done: Done) => void;
}

/** One policy's reinstatement: the offer, then the payment (its own state per policy). */
function PolicyReinstatement({
  policyId,
  detail,
  detailFailed,
  wallet,
  walletLoading,
  guest,
  onDone,
}: PolicyReinstatementProps) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const queryClient = useQueryClient();
  const offer = useReinstatement(viewer.credentialKey, policyId);
  const [refused, setRefused] = useState<string | null>(null);

  if (offer.isPending || (offer.data && !detail && !detailFailed) || walletLoading) {
    return (
      <Box role="status" aria-live="polite">
        <CircularProgress aria-label={t('reinstatement.loading')} />
      </Box>
    );
  }
  if (offer.isError || detailFailed) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void offer.refetch()}>
            {t('reinstatement.retry')}
          </Button>
        }
      >
        {t('reinstatement.unavailable')}
      </Alert>
    );
  }
  const current = offer.data;
  return (
    <Stack spacing={3}>
      {refused && (
        <Alert
          severity="warning"
          role="alert"
          onClose={() => {
            setRefused(null);
          }}
        >
          {refused}
        </Alert>
      )}
      <OfferSummary offer={current} detail={detail} showMembers={!guest} />
      {current.refusal !== null ? (
        <RefusalPanel offer={{ ...current, refusal: current.refusal }} guest={guest} />
      ) : (
        detail && (
          <PayToReinstate
            offer={current}
            detail={detail}
            wallet={wallet}
            onPaid={(answer) => {
              onDone({ answer, months: current.months });
            }}
            onRefused={(message) => {
              setRefused(message);
              void queryClient.invalidateQueries({ queryKey: reinstatementKey(viewer.credentialKey) });
            }}
          />
        )
      )}
    </Stack>
  );
}

interface PayToReinstateProps {
  offer: ReinstatementOffer;
  detail: PolicyDetail;
  wallet: Wallet | null;
  onPaid: (answer: MakePaymentResponse) => void;
  onRefused: (message: string) => void;
}

/** What paying does (at once, or a review), then the payment kit with the amount fixed to the amount due. */
function PayToReinstate({ offer, detail, wallet, onPaid, onRefused }: PayToReinstateProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const viewer = useSignedInViewer();
  const { account } = useConfig();
  const limits = account.payments;
  const manual = offer.reinstatementStatus === 'Manual';
  const params = {
    amount: format.money(offer.amountDueCents),
    date: offer.expirationDate ? format.date(offer.expirationDate) : '',
    number: offer.policyNumber,
    // Non-breaking hyphens: a phone number never breaks across lines.
    phone: account.tenant.supportPhone.replace(/-/g, '\u2011'),
  };
  if (
    !viewer.session.actions.includes('request-reinstatement') ||
    !viewer.session.actions.includes('make-payment')
  ) {
    return <Alert severity="info">{t('reinstatement.notAllowed', params)}</Alert>;
  }
  if (offer.amountDueCents > limits.maxAllowedPaymentCents) {
    return (
      <Alert severity="warning">
        {t('reinstatement.aboveMaximum', { ...params, maximum: format.money(limits.maxAllowedPaymentCents) })}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} component="section" aria-labelledby="reinstatement-pay-heading">
      <Typography id="reinstatement-pay-heading" variant="h6" component="h2">
        {t('reinstatement.payHeading')}
      </Typography>
      <Alert severity="info">
        <Typography>{t(manual ? 'reinstatement.manual' : 'reinstatement.eligible', params)}</Typography>
        <Typography sx={{ mt: 1 }}>
          {t(manual ? 'reinstatement.bankNoteManual' : 'reinstatement.bankNote')}
        </Typography>
      </Alert>
      <PaymentForm
        policy={detail}
        wallet={wallet}
        binder={false}
        defaultAmountCents={offer.amountDueCents}
        today={viewer.session.today}
        reinstatement={{
          months: offer.months,
          reviewNote: t(manual ? 'reinstatement.review.noteManual' : 'reinstatement.review.note', params),
          onPaid,
          onRefused,
        }}
      />
    </Stack>
  );
}

export default ReactivatePlanPage;

import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PolicyDetail } from '@portal/contracts';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { updatePortalState } from '../../lib/portal-state';
import { useSignedInViewer } from '../../lib/viewer';
import { Facts, type Fact } from '../../ui/facts';
import { useAmountDueFact } from '../../ui/payment/amount-due';
import { useFormatters } from '../../ui/format';

type Finance = NonNullable<PolicyDetail['finance']>;

/** SPEC §3 Finance: amount due, due date, autopay, paid-through date, past due, grace period, balance. */
export function FinanceSection({
  policy,
  finance,
  headingId,
  today,
}: {
  policy: PolicyDetail;
  finance: Finance;
  headingId: string;
  today: string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { account } = useConfig();
  const viewer = useSignedInViewer();
  const amountDue = useAmountDueFact();
  // Each amount says which months it is for (SPEC §3 Finance; the server's ledger names them).
  const facts: Fact[] = [
    // One amount due, its parts (past due, this bill) under it: never a second "past due" beside it.
    amountDue(finance, t('overview.finance.amountDue')),
    {
      label: t('overview.finance.dueDate'),
      value: finance.paymentDueDate ? format.date(finance.paymentDueDate) : t('overview.none'),
    },
    { label: t('overview.finance.monthlyPremium'), value: format.money(finance.premiumAmountDueCents) },
    {
      label: t('overview.finance.paidThrough'),
      value: finance.paidThroughDate
        ? format.date(finance.paidThroughDate)
        : t('overview.finance.notPaidYet'),
    },
    {
      label: t('overview.finance.autopay'),
      value: finance.hasAutoPay ? t('overview.finance.autopayOn') : t('overview.finance.autopayOff'),
    },
    {
      label: t('overview.finance.status'),
      value: t(`financeStatus.${finance.status}`, { defaultValue: finance.status }),
    },
    // SPEC §3 Finance paperless, paperlessEmail (DOMAIN "Paperless").
    {
      label: t('paperless.title'),
      value: finance.paperless
        ? t('paperless.overviewOn', { email: finance.paperlessEmail ?? '' })
        : t('paperless.overviewOff'),
    },
  ];
  // What pays part of the premium this month, each under its own name (DOMAIN "Money"): the premium tax
  // credit (APTC) of an exchange policy, and the employer's contribution to a group policy (any other
  // subsidy otherwise) — never one figure called a tax credit.
  const current = policy.coverageDetails.find(
    (detail) =>
      !detail.cancelled && detail.startDate <= today && (detail.endDate === null || detail.endDate >= today),
  );
  if (current && current.taxCreditAmountCents > 0)
    facts.push({ label: t('overview.finance.taxCredit'), value: format.money(current.taxCreditAmountCents) });
  // A coverage that has not started yet (a new enrolment waiting for its binder): the tax credit it starts with.
  const coming = current
    ? undefined
    : policy.coverageDetails.find((detail) => !detail.cancelled && detail.startDate > today);
  if (coming && coming.taxCreditAmountCents > 0)
    facts.push({
      label: t('overview.finance.taxCreditFrom', { date: format.date(coming.startDate) }),
      value: format.money(coming.taxCreditAmountCents),
    });
  if (current && current.otherSubsidyAmountCents > 0) {
    const label =
      policy.marketCoverage === 'Group'
        ? t('overview.finance.employerContribution')
        : t('overview.finance.otherSubsidy');
    facts.push({ label, value: format.money(current.otherSubsidyAmountCents) });
  }
  if (policy.hra)
    facts.push({ label: t('overview.finance.hra'), value: format.money(policy.hra.discountThisMonthCents) });
  // SPEC §9: the balance is the total due, or the unallocated credit when nothing is due.
  if (finance.balance.source === 'unallocated' && finance.balance.amountCents > 0) {
    facts.push({ label: t('overview.finance.credit'), value: format.money(finance.balance.amountCents) });
  }
  const check = account.payments.checkMailingAddress;
  const owed = finance.currentAmountDueCents + finance.pastAmountDueCents;
  // Paying from here opens the payment page on this policy (SPEC §4: the selected policy is kept in state).
  const payRoute = !viewer.session.actions.includes('make-payment')
    ? null
    : finance.status === 'Binder'
      ? '/payments/binding-payment'
      : policy.active || owed > 0
        ? '/payments/make-payment'
        : null;
  return (
    <Stack spacing={2} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3">
        {t('overview.finance.heading')}
      </Typography>
      {/* A grace period has its banner at the top of the policy; late without one, say so here. */}
      {policy.active && finance.delinquent && !finance.gracePeriod && (
        <Alert severity="error">{t('overview.finance.delinquent')}</Alert>
      )}
      {finance.status === 'Binder' && (
        <Alert severity="info">
          {t('overview.finance.binder', { amount: format.money(finance.currentAmountDueCents) })}
        </Alert>
      )}
      <Facts items={facts} />
      {payRoute && (
        <Box>
          <Button
            component={RouterLink}
            to={payRoute}
            variant={owed > 0 ? 'contained' : 'outlined'}
            onClick={() => {
              updatePortalState({ selectedPolicyId: policy.id });
            }}
          >
            {payRoute === '/payments/binding-payment'
              ? t('overview.finance.payBinder')
              : t('overview.finance.payNow')}
          </Button>
        </Box>
      )}
      {check && finance.currentAmountDueCents + finance.pastAmountDueCents > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('overview.finance.payByCheck', {
            payee: check.payee,
            address: `${check.street1}, ${check.city}, ${check.state} ${check.zipCode}`,
            number: policy.policyNumber,
          })}
        </Typography>
      )}
    </Stack>
  );
}

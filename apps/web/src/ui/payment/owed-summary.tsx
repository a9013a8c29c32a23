import { useTranslation } from 'react-i18next';
import type { PolicyDetail } from '@portal/contracts';
import Alert from '../../kit/Alert';
import Paper from '../../kit/Paper';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { Facts, type Fact } from '../facts';
import { useFormatters } from '../format';
import { useAmountDueFact } from './amount-due';

/** What the member owes on the policy being paid: the amount due (past due and this bill in it), due date, paid-through, grace period. */
export function OwedSummary({ policy, today }: { policy: PolicyDetail; today: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const amountDue = useAmountDueFact();
  const { account } = useConfig();
  const finance = policy.finance;
  if (!finance) return null;
  const due = finance.currentAmountDueCents + finance.pastAmountDueCents;
  // One amount due with its parts, each month once, as on the overview (issue 33 item 11).
  const facts: Fact[] = [
    amountDue(finance, t('payments.makePayment.amountDue')),
    {
      label: t('payments.makePayment.dueDate'),
      value: finance.paymentDueDate ? format.date(finance.paymentDueDate) : t('overview.none'),
    },
    {
      label: t('payments.makePayment.paidThrough'),
      value: finance.paidThroughDate
        ? format.date(finance.paidThroughDate)
        : t('payments.makePayment.notPaidYet'),
    },
  ];
  const grace = finance.gracePeriod;
  const check = account.payments.checkMailingAddress;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="owed-heading">
      <Stack spacing={2}>
        <Typography id="owed-heading" variant="h6" component="h2">
          {t('payments.makePayment.summaryHeading')}
        </Typography>
        {/* What stops the grace period: everything past due, by its last day. */}
        {grace && grace.endDate >= today && (
          <Alert severity="warning">
            {t('payments.makePayment.gracePeriod', {
              end: format.date(grace.endDate),
              amount: format.money(grace.amountCents),
            })}
          </Alert>
        )}
        {due === 0 && <Alert severity="info">{t('payments.makePayment.nothingDue')}</Alert>}
        <Facts items={facts} columns={2} />
        {check && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('payments.makePayment.checkInstead', {
              payee: check.payee,
              address: `${check.street1}, ${check.city}, ${check.state} ${check.zipCode}`,
              number: policy.policyNumber,
            })}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AutopaySubscription } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { loose } from '../../../i18n/loose';
import { Facts, type Fact } from '../../../ui/facts';
import { useFormatters } from '../../../ui/format';
import { chargesText, whenText } from './autopay-model';

export interface ActiveAutopayProps {
  subscription: AutopaySubscription;
  /** The method it pays from, by name. */
  methodName: string;
  canManage: boolean;
  busy: boolean;
  onChange: () => void;
  onReplace: () => void;
  onSkip: (skip: boolean) => void;
  onTurnOff: () => void;
}

/**
 * The policy's active subscription (SPEC §3 Subscription): what it charges, from which method, when;
 * its next run (billed month, date, amount when known, skipped or not, a card expiring before it) and
 * what its last run did; and what the member may do with it.
 */
export function ActiveAutopay({
  subscription,
  methodName,
  canManage,
  busy,
  onChange,
  onReplace,
  onSkip,
  onTurnOff,
}: ActiveAutopayProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const next = subscription.nextRun;
  const last = subscription.lastRun;
  const terms: Fact[] = [
    { label: t('autopay.active.charges'), value: chargesText(t, subscription, format.money) },
    { label: t('autopay.active.from'), value: methodName },
    { label: t('autopay.active.when'), value: whenText(t, subscription.daysBeforeDue) },
    { label: t('autopay.active.since'), value: format.date(subscription.startDate) },
  ];
  const nextFacts: Fact[] = next
    ? [
        { label: t('autopay.next.month'), value: format.month(next.period) },
        { label: t('autopay.next.date'), value: format.date(next.runDate) },
        { label: t('autopay.next.dueDate'), value: format.date(next.dueDate) },
        {
          label: t('autopay.next.amount'),
          value: next.amountCents === null ? t('autopay.next.amountUnknown') : format.money(next.amountCents),
        },
        {
          label: t('autopay.next.statusLabel'),
          value: next.skipped ? t('autopay.next.skippedStatus') : t(`autopay.next.status.${next.status}`),
          tone: next.skipped || next.status === 'RetryScheduled' ? 'warning' : 'normal',
        },
      ]
    : [];
  // A skip reason, or the processor's decline code (a code the page does not know reads as a decline).
  const reason = last?.reason
    ? loose(t)(`autopay.last.reason.${last.reason}`, { defaultValue: t('autopay.last.reason.other') })
    : null;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="autopay-active-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="autopay-active-heading" variant="h5" component="h2">
            {t('autopay.active.heading')}
          </Typography>
          <Chip label={t('autopay.active.on')} color="success" size="small" />
        </Stack>
        <Facts items={terms} columns={2} />

        {next && (
          <Box component="section" aria-labelledby="autopay-next-heading">
            <Typography id="autopay-next-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
              {t('autopay.next.heading')}
            </Typography>
            <Facts items={nextFacts} columns={3} />
            {next.skipped && (
              <Alert severity="info" sx={{ mt: 1.5 }}>
                {t('autopay.next.skipped', { month: format.month(next.period) })}
              </Alert>
            )}
            {next.cardExpiresBefore && (
              <Alert
                severity="warning"
                sx={{ mt: 1.5 }}
                action={
                  canManage ? (
                    <Button color="inherit" size="small" onClick={onReplace} disabled={busy}>
                      {t('autopay.actions.replace')}
                    </Button>
                  ) : undefined
                }
              >
                {t('autopay.next.cardExpires', { method: methodName, date: format.date(next.runDate) })}
              </Alert>
            )}
          </Box>
        )}

        <Box component="section" aria-labelledby="autopay-last-heading">
          <Typography id="autopay-last-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
            {t('autopay.last.heading')}
          </Typography>
          {last ? (
            <Stack spacing={0.5}>
              <Typography>
                {t('autopay.last.summary', {
                  month: format.month(last.period),
                  status: t(`autopay.last.status.${last.status}`),
                  date: format.date(last.runDate),
                })}
              </Typography>
              {last.amountCents !== null && (
                <Typography>
                  {t('autopay.last.amount', { amount: format.money(last.amountCents) })}
                </Typography>
              )}
              {reason && <Typography>{reason}</Typography>}
              {last.nextAttemptDate && (
                <Typography>
                  {t('autopay.last.retryOn', { date: format.date(last.nextAttemptDate) })}
                </Typography>
              )}
              {last.paymentId && (
                <Link component={RouterLink} to={`/payments/payment-history/${last.paymentId}`}>
                  {t('autopay.last.receipt')}
                </Link>
              )}
            </Stack>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('autopay.last.none')}</Typography>
          )}
        </Box>

        {canManage && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={onChange} disabled={busy}>
              {t('autopay.actions.change')}
            </Button>
            <Button variant="outlined" onClick={onReplace} disabled={busy}>
              {t('autopay.actions.replace')}
            </Button>
            {next && next.status !== 'Processing' && (
              <Button
                variant="outlined"
                onClick={() => {
                  onSkip(!next.skipped);
                }}
                disabled={busy}
              >
                {next.skipped ? t('autopay.actions.unskip') : t('autopay.actions.skip')}
              </Button>
            )}
            <Button variant="outlined" color="error" onClick={onTurnOff} disabled={busy}>
              {t('autopay.actions.turnOff')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

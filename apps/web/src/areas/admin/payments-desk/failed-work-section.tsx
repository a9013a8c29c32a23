import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import CircularProgress from '../../../kit/CircularProgress';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import type { FailedWork, RetryResult } from '@portal/contracts';
import {
  failedWorkKey,
  retryFailedAutopayRun,
  retryFailedJob,
  useFailedWork,
} from '../../../data/payments-desk/payments-desk';
import { useSignedInViewer } from '../../../lib/viewer';
import { localeOf, useFormatters } from '../../../ui/format';
import { problemMessageKey, useCommand } from '../../../ui/form';
import { ActForDialog, actsFor } from '../members/act-for-dialog';

type Retry = { kind: 'job' | 'run'; id: string };

/**
 * The billing day's failed work (docs/decisions/021): failed billing days, failed autopay months (each
 * with a retry that never charges twice), and declined scheduled payments (paid for the member instead).
 */
export function FailedWorkSection() {
  const { t, i18n } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const work = useFailedWork(viewer.credentialKey, true);
  const [said, setSaid] = useState<string | null>(null);
  // Retrying a member's autopay month charges them: acting for them, after saying why (docs/decisions/043).
  const [choosing, setChoosing] = useState<FailedWork['autopayRuns'][number] | null>(null);
  const retryRun = (run: FailedWork['autopayRuns'][number]) => {
    const target = run.householdId ? { householdId: run.householdId } : { policyId: run.policyId };
    if (actsFor(viewer.actingSession, target)) void retry({ kind: 'run', id: run.id });
    else setChoosing(run);
  };
  const command = useCommand<Retry, RetryResult>({
    send: (input, key) =>
      input.kind === 'job' ? retryFailedJob(input.id, key) : retryFailedAutopayRun(input.id, key),
    invalidates: () => [failedWorkKey(viewer.credentialKey)],
  });
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        )
      : '';
  const retry = async (input: Retry) => {
    setSaid(null);
    const outcome = await command.attempt(input);
    if (!outcome.ok) return;
    const result = outcome.result;
    const counts = Object.entries(result.counts ?? {}).map(
      ([name, count]) => `${name} ${format.number(count)}`,
    );
    setSaid(
      result.outcome === 'queued'
        ? t('paymentsDesk.failedWork.queued')
        : result.outcome === 'already'
          ? t('paymentsDesk.failedWork.already')
          : t('paymentsDesk.failedWork.done', { counts: format.list(counts) }),
    );
  };
  const data = work.data;
  const chosen = choosing;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="failed-work-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="failed-work-heading" variant="h6" component="h2">
        {t('paymentsDesk.failedWork.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('paymentsDesk.failedWork.intro')}</Typography>
      {work.isPending && <CircularProgress aria-label={t('app.processing')} />}
      {work.isError && <Alert severity="error">{t('paymentsDesk.failedWork.loadFailed')}</Alert>}
      <Box role="status" aria-live="polite">
        {said && <Alert severity="success">{said}</Alert>}
      </Box>
      {command.error !== null && command.error !== undefined && (
        <Alert severity="error">{t(problemMessageKey(command.error))}</Alert>
      )}
      {chosen && (
        <ActForDialog
          target={{
            ...(chosen.householdId ? { householdId: chosen.householdId } : { policyId: chosen.policyId }),
            name: null,
          }}
          defaultNote={chosen.policyNumber}
          onClose={() => {
            setChoosing(null);
          }}
          onStarted={() => {
            setChoosing(null);
            void retry({ kind: 'run', id: chosen.id });
          }}
        />
      )}
      {data && (
        <Stack spacing={2}>
          <Box component="section" aria-labelledby="failed-jobs-heading">
            <Typography id="failed-jobs-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('paymentsDesk.failedWork.jobsHeading')}
            </Typography>
            {data.queue === 'off' && <Typography>{t('paymentsDesk.failedWork.queueOff')}</Typography>}
            {data.queue !== 'off' && data.jobs.length === 0 && (
              <Typography>{t('paymentsDesk.failedWork.noJobs')}</Typography>
            )}
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data.jobs.map((job) => (
                <Stack
                  component="li"
                  key={job.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                >
                  <Typography variant="body2">
                    {t('paymentsDesk.failedWork.jobLine', {
                      when: when(job.failedAt),
                      count: job.retryCount,
                      error: job.error ?? t('paymentsDesk.failedWork.unknownReason'),
                    })}
                  </Typography>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={command.pending}
                    onClick={() => void retry({ kind: 'job', id: job.id })}
                    aria-label={t('paymentsDesk.failedWork.retryJobLabel', { when: when(job.failedAt) })}
                  >
                    {t('paymentsDesk.failedWork.retry')}
                  </Button>
                </Stack>
              ))}
            </Stack>
          </Box>
          <Box component="section" aria-labelledby="failed-autopay-heading">
            <Typography
              id="failed-autopay-heading"
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 600 }}
            >
              {t('paymentsDesk.failedWork.autopayHeading')}
            </Typography>
            {data.autopayRuns.length === 0 && (
              <Typography>{t('paymentsDesk.failedWork.noAutopay')}</Typography>
            )}
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data.autopayRuns.map((run) => (
                <Stack
                  component="li"
                  key={run.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                >
                  <Typography variant="body2">
                    {t('paymentsDesk.failedWork.autopayLine', {
                      policy: run.policyNumber,
                      month: format.month(run.period),
                      amount: run.amountCents === null ? '—' : format.money(run.amountCents),
                      attempt: run.attempt,
                      reason: run.reason ?? t('paymentsDesk.failedWork.unknownReason'),
                    })}
                  </Typography>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={command.pending}
                    onClick={() => {
                      retryRun(run);
                    }}
                    aria-label={t('paymentsDesk.failedWork.retryRunLabel', {
                      policy: run.policyNumber,
                      month: format.month(run.period),
                    })}
                  >
                    {t('paymentsDesk.failedWork.retry')}
                  </Button>
                </Stack>
              ))}
            </Stack>
          </Box>
          <Box component="section" aria-labelledby="failed-scheduled-heading">
            <Typography
              id="failed-scheduled-heading"
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 600 }}
            >
              {t('paymentsDesk.failedWork.scheduledHeading')}
            </Typography>
            {data.scheduledPayments.length === 0 ? (
              <Typography>{t('paymentsDesk.failedWork.noScheduled')}</Typography>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary">
                  {t('paymentsDesk.failedWork.scheduledHelp')}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {data.scheduledPayments.map((payment) => (
                    <Typography component="li" variant="body2" key={payment.id}>
                      {t('paymentsDesk.failedWork.scheduledLine', {
                        policy: payment.policyNumber,
                        date: format.date(payment.paymentDate),
                        amount: format.money(payment.amountCents),
                        reason: payment.reason ?? t('paymentsDesk.failedWork.unknownReason'),
                      })}
                    </Typography>
                  ))}
                </Box>
              </>
            )}
          </Box>
        </Stack>
      )}
    </Paper>
  );
}

import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PAYMENT_STATUSES, type PaymentHistoryQuery } from '@portal/contracts';
import { CalendarDateSchema } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import CircularProgress from '../../../kit/CircularProgress';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Table from '../../../kit/Table';
import TableBody from '../../../kit/TableBody';
import TableCell from '../../../kit/TableCell';
import TableContainer from '../../../kit/TableContainer';
import TableHead from '../../../kit/TableHead';
import TableRow from '../../../kit/TableRow';
import Typography from '../../../kit/Typography';
import useMediaQuery from '../../../kit/useMediaQuery';
import type { Theme } from '../../../kit/styles';
import { usePaymentHistory } from '../../../data/payment/get-payment-history';
import { useSignedInViewer } from '../../../lib/viewer';
import { DateInput, PortalForm, SelectInput, zodResolver } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { Pager } from '../../../ui/pager';
import { usePaymentMethodLabel } from '../../../ui/payment/payment-method-label';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';

const FilterSchema = z
  .object({
    from: z.union([z.literal(''), CalendarDateSchema]),
    to: z.union([z.literal(''), CalendarDateSchema]),
    status: z.union([z.literal(''), z.enum(PAYMENT_STATUSES)]),
  })
  .refine((filter) => filter.from === '' || filter.to === '' || filter.from <= filter.to, {
    path: ['to'],
    params: { code: 'date-before-start' },
    message: 'before the start',
  });
type Filter = z.infer<typeof FilterSchema>;

const STATUS_COLOR = {
  Succeeded: 'success',
  Pending: 'warning',
  Failed: 'error',
  Returned: 'error',
  Refunded: 'default',
  Voided: 'default',
} as const;

/** SPEC §2 /payments/payment-history: the selected policy's payments, newest first, paginated and filtered. */
export function PaymentHistoryPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const { policy, choices } = useSelectedPolicy(
    viewer.policies,
    (candidate) => candidate.lineOfCoverage === 'Medical',
  );
  const [query, setQuery] = useState<PaymentHistoryQuery>({ page: 1, pageSize: 10 });
  const resolver = useMemo(() => zodResolver(FilterSchema), []);
  const form = useForm<Filter>({ resolver, defaultValues: { from: '', to: '', status: '' } });
  const history = usePaymentHistory(viewer.credentialKey, policy?.id ?? '', query);
  const filtered = query.from !== undefined || query.to !== undefined || query.status !== undefined;

  const applyFilter = (filter: Filter) => {
    setQuery({
      page: 1,
      pageSize: query.pageSize,
      ...(filter.from ? { from: filter.from } : {}),
      ...(filter.to ? { to: filter.to } : {}),
      ...(filter.status ? { status: filter.status } : {}),
    });
  };

  if (!policy) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('payments.history.heading')}
        </Typography>
        <Alert severity="info">{t('overview.noPolicies')}</Alert>
      </Stack>
    );
  }

  const page = history.data;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('payments.history.heading')}
        </Typography>
        <Typography>{t('payments.history.intro')}</Typography>
      </Stack>
      <PolicySelector choices={choices} selected={policy} />
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 } }}
        component="section"
        aria-labelledby="history-filters"
      >
        <Typography id="history-filters" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('payments.history.filters')}
        </Typography>
        <PortalForm form={form} onSubmit={applyFilter} labelledBy="history-filters">
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: { md: 'flex-start' } }}
          >
            <DateInput name="from" field="historyFrom" />
            <DateInput name="to" field="historyTo" />
            <Box sx={{ minWidth: 200 }}>
              <SelectInput
                name="status"
                field="historyStatus"
                options={[
                  { value: '', label: t('payments.history.anyStatus') },
                  ...PAYMENT_STATUSES.map((status) => ({
                    value: status,
                    label: t(`payments.status.${status}`),
                  })),
                ]}
              />
            </Box>
            <Stack direction="row" spacing={1} sx={{ pt: { md: 1 } }}>
              <Button type="submit" variant="contained">
                {t('payments.history.apply')}
              </Button>
              {filtered && (
                <Button
                  onClick={() => {
                    form.reset({ from: '', to: '', status: '' });
                    setQuery({ page: 1, pageSize: query.pageSize });
                  }}
                >
                  {t('payments.history.clear')}
                </Button>
              )}
            </Stack>
          </Stack>
        </PortalForm>
      </Paper>
      {history.isError && <Alert severity="error">{t('payments.history.loadFailed')}</Alert>}
      {history.isPending && <CircularProgress aria-label={t('app.processing')} />}
      {page && page.total === 0 && (
        <Alert severity="info">
          {filtered ? t('payments.history.empty') : t('payments.history.emptyAll')}
        </Alert>
      )}
      {page && page.total > 0 && (
        <Paper variant="outlined">
          <PaymentRows items={page.items} policyNumber={policy.policyNumber} />
          <Pager
            page={page}
            sizes={[10, 20, 50]}
            perPageLabel={t('payments.history.itemsPerPage')}
            onChange={(paging) => {
              setQuery({ ...query, ...paging });
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}

type HistoryItem = NonNullable<ReturnType<typeof usePaymentHistory>['data']>['items'][number];

/**
 * The payments of one page of history: a table on wider screens, and on a phone one block per payment
 * (date and amount first, then status, method and how it was paid) so nothing has to scroll sideways.
 */
function PaymentRows({ items, policyNumber }: { items: readonly HistoryItem[]; policyNumber: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const methodLabel = usePaymentMethodLabel();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const receiptLink = (payment: HistoryItem) => (
    <Link
      component={RouterLink}
      to={`/payments/payment-history/${payment.id}`}
      aria-label={t('payments.history.viewReceipt', {
        amount: format.money(payment.amountCents),
        date: format.date(payment.transactionDate),
      })}
    >
      {t('payments.history.receipt')}
    </Link>
  );
  const status = (payment: HistoryItem) => (
    <>
      <Chip
        size="small"
        variant="outlined"
        color={STATUS_COLOR[payment.transactionStatus]}
        label={t(`payments.status.${payment.transactionStatus}`)}
      />
      {/* Issue 13: part of a payment refunded by staff (all of it is the Refunded status). */}
      {payment.refundedCents > 0 && payment.transactionStatus !== 'Refunded' && (
        <Typography component="span" variant="body2" sx={{ ml: 1 }}>
          {t('payments.history.partlyRefunded', { amount: format.money(payment.refundedCents) })}
        </Typography>
      )}
    </>
  );
  if (phone) {
    return (
      <Box component="section" aria-labelledby="history-list-title">
        <Typography id="history-list-title" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
          {t('payments.history.caption', { number: policyNumber })}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((payment) => (
            <Box
              component="li"
              key={payment.id}
              data-testid="history-item"
              sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
              >
                <Typography sx={{ fontWeight: 600 }}>{format.date(payment.transactionDate)}</Typography>
                <Typography sx={{ fontWeight: 600 }}>{format.money(payment.amountCents)}</Typography>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                {status(payment)}
                <Typography variant="body2">{t(`payments.source.${payment.paymentSource}`)}</Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {methodLabel(payment.paymentMethod, payment.methodBrand, payment.methodLastDigits)}
              </Typography>
              <Box sx={{ mt: 0.5 }}>{receiptLink(payment)}</Box>
            </Box>
          ))}
        </Box>
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table size="small">
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px', fontWeight: 600 }}>
          {t('payments.history.caption', { number: policyNumber })}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('payments.history.date')}</TableCell>
            <TableCell scope="col" align="right">
              {t('payments.history.amount')}
            </TableCell>
            <TableCell scope="col">{t('payments.history.method')}</TableCell>
            <TableCell scope="col">{t('payments.history.status')}</TableCell>
            <TableCell scope="col">{t('payments.history.source')}</TableCell>
            <TableCell scope="col">{t('payments.history.receipt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell component="th" scope="row">
                {format.date(payment.transactionDate)}
              </TableCell>
              <TableCell align="right">{format.money(payment.amountCents)}</TableCell>
              <TableCell>
                {methodLabel(payment.paymentMethod, payment.methodBrand, payment.methodLastDigits)}
              </TableCell>
              <TableCell>{status(payment)}</TableCell>
              <TableCell>{t(`payments.source.${payment.paymentSource}`)}</TableCell>
              <TableCell>{receiptLink(payment)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export default PaymentHistoryPage;

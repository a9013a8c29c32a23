import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import CircularProgress from '../../../kit/CircularProgress';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { DeskPaymentQuerySchema, type DeskPayment } from '@portal/contracts';
import { useDeskPayments, type DeskSearch } from '../../../data/payments-desk/payments-desk';
import { useSignedInViewer } from '../../../lib/viewer';
import { Facts } from '../../../ui/facts';
import { PortalForm, TextInput, zodResolver } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { usePaymentMethodLabel } from '../../../ui/payment/payment-method-label';
import { ActForDialog, actsFor } from '../members/act-for-dialog';
import { FailedWorkSection } from './failed-work-section';
import { RefundFlow } from './refund-flow';

const SearchSchema = z.object({ q: DeskPaymentQuerySchema.shape.q });
type SearchForm = z.infer<typeof SearchSchema>;
const PAGE_SIZE = 10;
const STATUS_COLOR = {
  Succeeded: 'success',
  Pending: 'warning',
  Failed: 'error',
  Returned: 'error',
  Refunded: 'default',
  Voided: 'default',
} as const;

/**
 * Issue 13, the staff payments desk (`/admin/payments-desk`): find a payment, refund it or cancel (void)
 * a bank payment not settled yet — a form, a confirmation before the money moves, then the result —
 * and the billing day's failed work with its retries. Offered to roles with `refund-payment` /
 * `retry-failed-jobs`; the server checks every call.
 */
export default function PaymentsDeskPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const mayRefund = viewer.session.actions.includes('refund-payment');
  const mayRetry = viewer.session.actions.includes('retry-failed-jobs');
  const [search, setSearch] = useState<DeskSearch | null>(null);
  const [acting, setActing] = useState<{ payment: DeskPayment; kind: 'refund' | 'void' } | null>(null);
  // Refunding or voiding is acting for the payment's member: staff say why first (docs/decisions/043).
  const [choosing, setChoosing] = useState<{ payment: DeskPayment; kind: 'refund' | 'void' } | null>(null);
  const act = (payment: DeskPayment, kind: 'refund' | 'void') => {
    const target = payment.householdId
      ? { householdId: payment.householdId }
      : { policyId: payment.policyId };
    if (actsFor(viewer.actingSession, target)) setActing({ payment, kind });
    else setChoosing({ payment, kind });
  };
  const resolver = useMemo(() => zodResolver(SearchSchema), []);
  const form = useForm<SearchForm>({ resolver, defaultValues: { q: '' } });
  const found = useDeskPayments(viewer.credentialKey, mayRefund ? search : null);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('paymentsDesk.heading')}
        </Typography>
        <Typography>{t('paymentsDesk.intro')}</Typography>
      </Stack>
      {!mayRefund && !mayRetry && <Alert severity="info">{t('paymentsDesk.notAllowed')}</Alert>}
      {mayRefund && (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="desk-search-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography id="desk-search-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('paymentsDesk.searchHeading')}
          </Typography>
          <PortalForm
            form={form}
            onSubmit={(values) => {
              setSearch({ q: values.q.trim(), page: 1, pageSize: PAGE_SIZE });
            }}
            labelledBy="desk-search-heading"
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <Box sx={{ flex: 1 }}>
                <TextInput
                  name="q"
                  field="deskQuery"
                  required
                  autoComplete="off"
                  maxLength={64}
                  help={t('paymentsDesk.searchHelp')}
                />
              </Box>
              <Button type="submit" variant="contained" sx={{ mt: { sm: 1 } }}>
                {t('paymentsDesk.search')}
              </Button>
            </Stack>
          </PortalForm>
        </Paper>
      )}
      {mayRefund && search && (
        <Box component="section" aria-labelledby="desk-results-heading">
          <Typography id="desk-results-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('paymentsDesk.resultsHeading')}
          </Typography>
          {found.isPending && <CircularProgress aria-label={t('app.processing')} />}
          {found.isError && <Alert severity="error">{t('paymentsDesk.loadFailed')}</Alert>}
          {found.data && found.data.total === 0 && <Alert severity="info">{t('paymentsDesk.none')}</Alert>}
          {found.data && found.data.total > 0 && (
            <Stack spacing={2}>
              <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {found.data.items.map((payment) => (
                  <li key={payment.id}>
                    <DeskPaymentCard
                      payment={payment}
                      onAct={(kind) => {
                        act(payment, kind);
                      }}
                    />
                  </li>
                ))}
              </Stack>
              <Pager
                page={found.data.page}
                pageSize={found.data.pageSize}
                total={found.data.total}
                onPage={(page) => {
                  setSearch({ ...search, page });
                }}
              />
            </Stack>
          )}
        </Box>
      )}
      {choosing && (
        <ActForDialog
          target={{
            ...(choosing.payment.householdId
              ? { householdId: choosing.payment.householdId }
              : { policyId: choosing.payment.policyId }),
            name: choosing.payment.subscriberName,
          }}
          onClose={() => {
            setChoosing(null);
          }}
          onStarted={() => {
            setActing(choosing);
            setChoosing(null);
          }}
        />
      )}
      {acting && (
        <RefundFlow
          payment={acting.payment}
          kind={acting.kind}
          onClose={() => {
            setActing(null);
          }}
        />
      )}
      {mayRetry && <FailedWorkSection />}
    </Stack>
  );
}

function DeskPaymentCard({
  payment,
  onAct,
}: {
  payment: DeskPayment;
  onAct: (kind: 'refund' | 'void') => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const methodLabel = usePaymentMethodLabel();
  const headingId = `desk-payment-${payment.id}`;
  const amount = format.money(payment.amountCents);
  const date = format.date(payment.transactionDate);
  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }} useFlexGap>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('paymentsDesk.paymentOf', { amount, date })}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOR[payment.transactionStatus]}
          label={t(`payments.status.${payment.transactionStatus}`)}
        />
      </Stack>
      <Facts
        columns={3}
        items={[
          { label: t('paymentsDesk.policy'), value: payment.policyNumber },
          { label: t('paymentsDesk.member'), value: payment.subscriberName },
          {
            label: t('paymentsDesk.method'),
            value: methodLabel(payment.paymentMethod, payment.methodBrand, payment.methodLastDigits),
          },
          {
            label: t('paymentsDesk.confirmation'),
            value: (
              <Box component="span" sx={{ wordBreak: 'break-all' }}>
                {payment.transactionId}
              </Box>
            ),
          },
          { label: t('paymentsDesk.refunded'), value: format.money(payment.refundedCents) },
          { label: t('paymentsDesk.refundable'), value: format.money(payment.refundableCents) },
        ]}
      />
      {payment.refunds.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h4">
            {t('paymentsDesk.refundsHeading')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {payment.refunds.map((refund) => (
              <Typography component="li" variant="body2" key={refund.id}>
                {t('paymentsDesk.refundLine', {
                  kind: t(`paymentsDesk.kind.${refund.kind}`),
                  amount: format.money(refund.amountCents),
                  date: format.date(refund.createdAt.slice(0, 10)),
                  status: t(`paymentsDesk.refundStatus.${refund.status}`),
                  reason: refund.reason,
                })}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {(payment.refundableCents > 0 || payment.voidable) && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          {payment.refundableCents > 0 && (
            <Button
              variant="outlined"
              onClick={() => {
                onAct('refund');
              }}
              aria-label={t('paymentsDesk.refundLabel', { amount, date })}
            >
              {t('paymentsDesk.refund')}
            </Button>
          )}
          {payment.voidable && (
            <Button
              variant="outlined"
              color="error"
              onClick={() => {
                onAct('void');
              }}
              aria-label={t('paymentsDesk.voidLabel', { amount, date })}
            >
              {t('paymentsDesk.void')}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const last = Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Typography role="status">
        {t('paymentsDesk.range', {
          from: format.number(from),
          to: format.number(to),
          count: format.number(total),
        })}
      </Typography>
      <Button
        disabled={page <= 1}
        onClick={() => {
          onPage(page - 1);
        }}
      >
        {t('paymentsDesk.previous')}
      </Button>
      <Button
        disabled={page >= last}
        onClick={() => {
          onPage(page + 1);
        }}
      >
        {t('paymentsDesk.next')}
      </Button>
    </Stack>
  );
}

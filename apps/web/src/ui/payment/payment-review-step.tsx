import { useTranslation } from 'react-i18next';
import type { MakePaymentForm, PolicyDetail, TokenizedMethod } from '@portal/contracts';
import type { CalendarDate } from '@portal/domain';
import Alert from '../../kit/Alert';
import Button from '../../kit/Button';
import Paper from '../../kit/Paper';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { useCoveredMonths } from '../covered-months';
import { Facts } from '../facts';
import { useFormatters } from '../format';

/** The method chosen, ready to pay with: a saved wallet item, or a one-time token from the hosted fields. */
export type ChosenMethod =
  | { kind: 'saved'; itemId: string; method: 'Card' | 'BankAccount'; label: string }
  | {
      kind: 'fresh';
      token: string;
      method: 'Card' | 'BankAccount';
      label: string;
      described: TokenizedMethod;
    };

/** What the member is about to pay: the details typed, the method and the amount. */
export interface Review {
  values: MakePaymentForm;
  method: ChosenMethod;
  amountCents: number;
}

/**
 * The payment form's review step (issue 9): what is paid, from what, on which day, what paying does —
 * then Pay (or Schedule) and Back. A reinstatement names the months it pays for and what follows.
 */
export function PaymentReviewStep({
  review,
  policy,
  reinstatement,
  paymentDay,
  later,
  scheduleFailed,
  payError,
  sending,
  onPay,
  onBack,
}: {
  review: Review;
  policy: PolicyDetail;
  reinstatement: { months: readonly CalendarDate[]; reviewNote: string } | undefined;
  paymentDay: CalendarDate;
  later: boolean;
  /** Scheduling failed for a reason the details step cannot fix. */
  scheduleFailed: boolean;
  /** Why paying failed, in words; null when it did not. */
  payError: string | null;
  sending: boolean;
  onPay: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { account } = useConfig();
  const format = useFormatters();
  const coveredMonths = useCoveredMonths();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="review-heading"
    >
      <Stack spacing={2.5}>
        <Typography id="review-heading" variant="h6" component="h2">
          {t('payments.makePayment.reviewHeading')}
        </Typography>
        {scheduleFailed && (
          <Alert severity="error" role="alert">
            {t('problems.unexpected')}
          </Alert>
        )}
        {payError !== null && (
          <Alert severity="error" role="alert">
            {payError}
          </Alert>
        )}
        <Facts
          columns={2}
          items={[
            {
              label: t('payments.makePayment.reviewPolicy'),
              value: `${policy.planName ?? ''} (${policy.policyNumber})`,
            },
            // A reinstatement names the months it pays for under the amount.
            {
              label: t('payments.makePayment.reviewAmount'),
              value: format.money(review.amountCents),
              ...(reinstatement ? { detail: coveredMonths(reinstatement.months) } : {}),
            },
            { label: t('payments.makePayment.reviewMethod'), value: review.method.label },
            { label: t('payments.makePayment.reviewDate'), value: format.date(paymentDay) },
          ]}
        />
        {reinstatement && <Alert severity="info">{reinstatement.reviewNote}</Alert>}
        {later ? (
          <>
            <Typography variant="body2">
              {t('payments.makePayment.reviewLaterNote', { date: format.date(paymentDay) })}
            </Typography>
            {/* SPEC §4: a payment on a date other than today clears the policy's scheduled payments. */}
            {policy.scheduledPaymentCount > 0 && (
              <Alert severity="warning">
                {t('payments.makePayment.reviewClears', { count: policy.scheduledPaymentCount })}
              </Alert>
            )}
          </>
        ) : (
          <>
            <Typography variant="body2">
              {review.method.method === 'Card'
                ? t('payments.makePayment.reviewCardNote')
                : t('payments.makePayment.reviewBankNote')}
            </Typography>
            <Typography variant="body2">
              {t('payments.makePayment.reviewConfirm', {
                issuer: account.tenant.issuerName,
                amount: format.money(review.amountCents),
              })}
            </Typography>
          </>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" size="large" disabled={sending} onClick={onPay}>
            {later
              ? t('payments.makePayment.schedule', {
                  amount: format.money(review.amountCents),
                  date: format.date(paymentDay),
                })
              : t('payments.makePayment.pay', { amount: format.money(review.amountCents) })}
          </Button>
          <Button disabled={sending} onClick={onBack}>
            {t('payments.makePayment.back')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

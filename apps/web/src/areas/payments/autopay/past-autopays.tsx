import { useTranslation } from 'react-i18next';
import type { AutopaySubscription } from '@portal/contracts';
import Box from '../../../kit/Box';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useFormatters } from '../../../ui/format';
import { usePaymentMethodLabel } from '../../../ui/payment/payment-method-label';
import { chargesText, sourceName } from './autopay-model';

/** The policy's past subscriptions: what each charged, from which method, from when to when, and how it ended. */
export function PastAutopays({ past }: { past: readonly AutopaySubscription[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const methodLabel = usePaymentMethodLabel();
  return (
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
  );
}

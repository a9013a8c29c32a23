import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReinstatementOffer } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import AlertTitle from '../../../kit/AlertTitle';
import Link from '../../../kit/Link';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { useFormatters } from '../../../ui/format';
import { NewTabHint } from '../../../ui/new-tab-hint';

/**
 * Why this policy cannot be reinstated now, in plain words, and what the member can do instead (SPEC §3:
 * NotEligible, expired, not terminated — or a request already on its way).
 */
export function RefusalPanel({
  offer,
  guest,
}: {
  offer: ReinstatementOffer & { refusal: NonNullable<ReinstatementOffer['refusal']> };
  guest: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { account } = useConfig();
  // Non-breaking hyphens: a phone number never breaks across lines.
  const phone = account.tenant.supportPhone.replace(/-/g, '\u2011');
  const exchange = account.exchange;

  if (offer.refusal === 'reinstatement-requested') {
    const request = offer.openRequest;
    return (
      <Alert severity="info" role="note">
        <AlertTitle component="h2" sx={{ fontSize: '1.1rem' }}>
          {t('reinstatement.refusal.reinstatement-requested.heading')}
        </AlertTitle>
        <Stack spacing={1}>
          <Typography>
            {request?.waitingFor === 'payment'
              ? t('reinstatement.refusal.reinstatement-requested.payment', {
                  reference: request.referenceNumber,
                })
              : t('reinstatement.refusal.reinstatement-requested.review', {
                  reference: request?.referenceNumber ?? '',
                })}
          </Typography>
          {!guest && (
            <Link component={RouterLink} to="/admin/policy-selection/service-requests">
              {t('reinstatement.links.requests')}
            </Link>
          )}
        </Stack>
      </Alert>
    );
  }

  if (offer.refusal === 'not-terminated') {
    return (
      <Alert severity="info" role="note">
        <AlertTitle component="h2" sx={{ fontSize: '1.1rem' }}>
          {t('reinstatement.refusal.not-terminated.heading')}
        </AlertTitle>
        <Stack spacing={1}>
          <Typography>{t('reinstatement.refusal.not-terminated.body')}</Typography>
          <Link component={RouterLink} to={guest ? '/payments/make-payment' : '/account-overview'}>
            {guest ? t('reinstatement.links.makePayment') : t('reinstatement.links.overview')}
          </Link>
        </Stack>
      </Alert>
    );
  }

  const expired = offer.refusal === 'reinstatement-expired';
  return (
    <Alert severity="warning" role="note">
      <AlertTitle component="h2" sx={{ fontSize: '1.1rem' }}>
        {t(
          expired
            ? 'reinstatement.refusal.reinstatement-expired.heading'
            : 'reinstatement.refusal.reinstatement-not-eligible.heading',
        )}
      </AlertTitle>
      <Stack spacing={1}>
        <Typography>
          {expired && offer.expirationDate
            ? t('reinstatement.refusal.reinstatement-expired.body', {
                date: format.date(offer.expirationDate),
              })
            : t('reinstatement.refusal.reinstatement-not-eligible.body')}
        </Typography>
        <Typography>{t('reinstatement.refusal.instead', { phone })}</Typography>
        <Link href={exchange.url} target="_blank" rel="noopener noreferrer">
          {t('reinstatement.refusal.exchange', { name: exchange.name })}
          <NewTabHint />
        </Link>
      </Stack>
    </Alert>
  );
}

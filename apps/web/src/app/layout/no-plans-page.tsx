import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useConfig } from '../../config/config-context';
import { RestIllustration } from '../../ui/illustration';

/**
 * SPEC §2 root state "no plans available": a signed-in member who is not enrolled (no policy to show)
 * and not logged out. Says so plainly and how to get coverage or help.
 */
export function NoPlansPage() {
  const { t } = useTranslation();
  const { account } = useConfig();
  const phone = account.tenant.supportPhone;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 680 }} data-testid="no-plans-page">
      <RestIllustration variant="sun" />
      <Typography variant="h4" component="h1">
        {t('noPlans.heading')}
      </Typography>
      <Typography>{t('noPlans.body', { issuer: account.tenant.issuerName })}</Typography>
      <Typography>{t('noPlans.enroll')}</Typography>
      {phone && <Typography>{t('noPlans.help', { phone })}</Typography>}
    </Stack>
  );
}

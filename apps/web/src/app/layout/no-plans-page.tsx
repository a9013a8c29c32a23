import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '../../kit/Button';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { RestIllustration } from '../../ui/illustration';
import { useViewer } from '../../lib/viewer';
import { useAllTexts } from '../../i18n';
import { PageLoading } from './page-loading';

/**
 * SPEC §2 root state "no plans available": a signed-in member who is not enrolled (no policy to show)
 * and not logged out. Says so plainly and how to get coverage or help.
 */
export function NoPlansPage() {
  const { t } = useTranslation();
  const { account } = useConfig();
  const phone = account.tenant.supportPhone;
  // Issue 12: an account not linked to a member record yet links it in the home area (SPEC §2 link-account).
  const viewer = useViewer();
  const unlinked = viewer?.session.kind === 'member' && viewer.session.memberId === null;
  // Its words about the home area are not among the startup language files.
  const texts = useAllTexts();
  if (!texts) return <PageLoading />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 680 }} data-testid="no-plans-page">
      <RestIllustration variant="sun" />
      <Typography variant="h4" component="h1">
        {t('noPlans.heading')}
      </Typography>
      <Typography>{t('noPlans.body', { issuer: account.tenant.issuerName })}</Typography>
      <Typography>{t('noPlans.enroll')}</Typography>
      {unlinked && (
        <>
          <Typography>{t('accountHome.noPlansLink')}</Typography>
          <Button component={RouterLink} to="/home/link-account" variant="contained">
            {t('accountHome.link.action')}
          </Button>
        </>
      )}
      {phone && <Typography>{t('noPlans.help', { phone })}</Typography>}
    </Stack>
  );
}

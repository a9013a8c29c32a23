import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE, LOCATE_ACCOUNT_ROUTE } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useConfig } from '../../config/config-context';
import { signIn } from '../../lib/auth/auth';
import type { Realm } from '../../lib/auth/credentials';
import { useCredential } from '../../lib/auth/credentials';
import { whileProcessing } from '../../ui/processing';

function EntryCard({ id, title, body, action }: { id: string; title: string; body: string; action: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography>{body}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>
    </Card>
  );
}

/**
 * The public home page is the sign-in page (SPEC §1: sign-in through an identity provider or the
 * consumer flow; guests locate an account instead): members sign in with the consumer provider,
 * brokers and staff with the workforce provider, and anyone can pay without signing in.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const { account } = useConfig();
  const credential = useCredential();
  const location = useLocation();
  const [failed, setFailed] = useState(false);
  const from = (location.state as { from?: unknown } | null)?.from;
  const returnTo = typeof from === 'string' ? from : null;

  const start = (realm: Realm) => {
    setFailed(false);
    void whileProcessing(() => signIn(realm, { language: i18n.language, returnTo })).catch(() => {
      setFailed(true);
    });
  };

  if (credential) {
    return (
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h4" component="h1">
          {t('home.signedInHeading')}
        </Typography>
        <Button component={RouterLink} to={DEFAULT_ROUTE} variant="contained">
          {t('home.goToAccount')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('home.heading')}
      </Typography>
      <Typography>{t('home.intro', { issuer: account.tenant.issuerName })}</Typography>
      {returnTo && <Alert severity="info">{t('home.signInToContinue')}</Alert>}
      {failed && <Alert severity="error">{t('home.signInUnavailable')}</Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <EntryCard
            id="entry-member"
            title={t('home.member.title')}
            body={t('home.member.body')}
            action={
              <Button
                variant="contained"
                onClick={() => {
                  start('consumer');
                }}
              >
                {t('home.member.action')}
              </Button>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <EntryCard
            id="entry-guest"
            title={t('home.guest.title')}
            body={t('home.guest.body')}
            action={
              <Button component={RouterLink} to={LOCATE_ACCOUNT_ROUTE} variant="outlined">
                {t('home.guest.action')}
              </Button>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <EntryCard
            id="entry-workforce"
            title={t('home.workforce.title')}
            body={t('home.workforce.body', { issuer: account.tenant.issuerName })}
            action={
              <Button
                variant="outlined"
                onClick={() => {
                  start('workforce');
                }}
              >
                {t('home.workforce.action')}
              </Button>
            }
          />
        </Grid>
      </Grid>
      {account.tenant.supportPhone && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('home.help', { phone: account.tenant.supportPhone })}
        </Typography>
      )}
    </Stack>
  );
}

export default HomePage;

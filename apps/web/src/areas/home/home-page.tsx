import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCATE_ACCOUNT_ROUTE } from '@portal/domain';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import Card from '../../kit/Card';
import CardActions from '../../kit/CardActions';
import CardContent from '../../kit/CardContent';
import Grid from '../../kit/Grid';
import Link from '../../kit/Link';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { SIGNED_OUT_PATH, signIn, signOut } from '../../lib/auth/auth';
import type { Realm } from '../../lib/auth/credentials';
import { useCredential } from '../../lib/auth/credentials';
import { whileProcessing } from '../../ui/processing';
import { loose } from '../../i18n/loose';
import { useViewerState } from '../../lib/viewer';
import { useFormatters } from '../../ui/format';
import { usePolicyLabel } from '../../ui/policy-selector';

function EntryCard({
  id,
  title,
  body,
  action,
}: {
  id: string;
  title: string;
  body: string;
  action: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
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
 * SPEC §2 home area, signed in (navigation hidden there): a welcome by name, and for an account not linked
 * to a member record yet the way to link it (/home/link-account); otherwise the coverage at a glance and
 * the pages this person uses most, among those their menu offers. The upload-documents button (SPEC §2) is
 * the header's; the sign-in link per configuration lets someone else sign in on a shared computer.
 */
function SignedInHome() {
  const { t, i18n } = useTranslation();
  const { account } = useConfig();
  const state = useViewerState();
  const label = usePolicyLabel();
  const format = useFormatters();
  const lt = loose(t);
  const navigate = useNavigate();
  if (state.status !== 'ready') {
    return (
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          {t('accountHome.heading')}
        </Typography>
        <Typography role="status">{t('app.loading')}</Typography>
      </Stack>
    );
  }
  const { viewer } = state;
  const name = viewer.session.displayName;
  const unlinked = viewer.session.kind === 'member' && viewer.session.memberId === null;
  const shortcuts = [
    ...SHORTCUTS.filter((shortcut) => viewer.navigationRoutes.includes(shortcut.route)),
    // Issue 13: staff who process service requests reach their queue from here (it is no member's menu entry).
    ...(viewer.session.actions.includes('process-service-request') ? STAFF_SHORTCUTS : []),
    // Issue 13: staff tools (no member's menu entries), offered to the roles whose actions they need.
    ...DESK_SHORTCUTS.filter((shortcut) =>
      shortcut.actions.some((action) => viewer.session.actions.includes(action)),
    ),
  ];
  const policies = viewer.policies.filter(
    (policy, index) => viewer.policies.findIndex((other) => other.id === policy.id) === index,
  );
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {name ? t('accountHome.welcomeName', { name }) : t('accountHome.heading')}
        </Typography>
        <Typography>{t('accountHome.intro', { issuer: account.tenant.issuerName })}</Typography>
      </Stack>
      {unlinked && (
        <Card variant="outlined" component="section" aria-labelledby="link-account-heading">
          <CardContent>
            <Typography id="link-account-heading" variant="h6" component="h2" gutterBottom>
              {t('accountHome.link.title')}
            </Typography>
            <Typography>{t('accountHome.link.body', { issuer: account.tenant.issuerName })}</Typography>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button component={RouterLink} to="/home/link-account" variant="contained">
              {t('accountHome.link.action')}
            </Button>
          </CardActions>
        </Card>
      )}
      {policies.length > 0 && (
        <Box component="section" aria-labelledby="home-coverage-heading">
          <Typography id="home-coverage-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
            {t('accountHome.coverageHeading')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {policies.map((policy) => (
              <Box
                component="li"
                key={policy.id}
                sx={{ borderLeft: 4, borderColor: policy.active ? 'success.main' : 'divider', pl: 1.5 }}
              >
                <Typography sx={{ fontWeight: 600 }}>{label(policy)}</Typography>
                <Typography variant="body2">
                  {lt(policy.displayStatus, { defaultValue: policy.status })}
                  {policy.amountDueCents > 0 &&
                    ` · ${policy.paymentDueDate ? t('accountHome.dueBy', { amount: format.money(policy.amountDueCents), date: format.date(policy.paymentDueDate) }) : t('accountHome.due', { amount: format.money(policy.amountDueCents) })}`}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      {shortcuts.length > 0 && (
        <Box component="nav" aria-labelledby="home-shortcuts-heading">
          <Typography id="home-shortcuts-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
            {t('accountHome.shortcutsHeading')}
          </Typography>
          <Grid container spacing={2} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {shortcuts.map((shortcut) => (
              <Grid key={shortcut.route} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <Button
                  component={RouterLink}
                  to={shortcut.route}
                  variant="outlined"
                  fullWidth
                  sx={{ justifyContent: 'flex-start', textAlign: 'start', py: 1.5 }}
                >
                  {t(shortcut.label)}
                </Button>
              </Grid>
            ))}
          </Grid>
        </Box>
      )}
      {!unlinked && policies.length === 0 && shortcuts.length === 0 && (
        <Typography>{t('accountHome.nothing')}</Typography>
      )}
      {account.home.showSignInLink && (
        <Typography variant="body2">
          {t('accountHome.notYou')}{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              void whileProcessing(async () => {
                // Sign-out first (the provider asks to confirm), then the visitor signs in as someone else.
                const leaving = await signOut(i18n.language);
                if (!leaving) await navigate(SIGNED_OUT_PATH, { replace: true });
              }).catch(() => undefined);
            }}
          >
            {t('accountHome.signInAnother')}
          </Link>
        </Typography>
      )}
    </Stack>
  );
}

/** The pages a signed-in person reaches from the home area (those their menu offers). */
const SHORTCUTS = [
  { route: '/account-overview', label: 'nav.accountOverview' },
  { route: '/payments/make-payment', label: 'nav.makePayment' },
  { route: '/documents/invoice', label: 'nav.invoices' },
  { route: '/admin/policy-selection/service-requests', label: 'nav.serviceRequests' },
  { route: '/admin/pcp-select', label: 'nav.pcpSelect' },
  { route: '/admin/policy-selection/broker', label: 'nav.broker' },
  { route: '/admin/additional-products', label: 'nav.additionalProducts' },
  { route: '/admin/faq', label: 'nav.faq' },
] as const;

/** Staff tools, shown to those whose role grants their action. */
const STAFF_SHORTCUTS = [{ route: '/admin/service-queue', label: 'nav.serviceQueue' }] as const;
/** Issue 13: the payments desk and the audit trail, for the staff roles whose actions they need. */
const DESK_SHORTCUTS = [
  {
    route: '/admin/payments-desk',
    label: 'nav.paymentsDesk',
    actions: ['refund-payment', 'retry-failed-jobs'],
  },
  { route: '/admin/audit', label: 'nav.auditTrail', actions: ['search-audit'] },
  // Decision 056: the 834 enrolment imports.
  {
    route: '/admin/enrollment-imports',
    label: 'nav.enrollmentImports',
    actions: ['view-enrollment-imports'],
  },
  { route: '/admin/webhook-subscribers', label: 'nav.webhookSubscribers', actions: ['manage-webhooks'] },
] as const;

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
  // SPEC §2 account/home: the sign-in link shows per configuration (a tenant whose members arrive by SAML only turns it off).
  const showSignIn = account.home.showSignInLink;

  const start = (realm: Realm) => {
    setFailed(false);
    void whileProcessing(() => signIn(realm, { language: i18n.language, returnTo })).catch(() => {
      setFailed(true);
    });
  };

  if (credential) return <SignedInHome />;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('home.heading')}
      </Typography>
      <Typography>{t('home.intro', { issuer: account.tenant.issuerName })}</Typography>
      {returnTo && <Alert severity="info">{t('home.signInToContinue')}</Alert>}
      {failed && <Alert severity="error">{t('home.signInUnavailable')}</Alert>}
      <Grid container spacing={3}>
        {showSignIn && (
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
        )}
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
        {showSignIn && (
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
        )}
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

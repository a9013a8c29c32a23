import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE, normalizeRoute } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { startPortalSession } from '../../lib/auth/auth';
import { isSafeRelativePath } from '../../lib/auth/session-storage';
import { BUILT_ROUTES } from '../routes';
import { PageLoading } from '../layout/page-loading';

/** The `exp` of a JWT, as an ISO instant (the token is the server's; only its expiry is read here). */
function expiryOf(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? new Date(json.exp * 1000).toISOString() : null;
  } catch {
    return null;
  }
}

/** Where to continue: the assertion's relative `next` when that page exists, else the overview. */
function destination(next: string | null): string {
  if (!isSafeRelativePath(next)) return DEFAULT_ROUTE;
  const path = normalizeRoute(next);
  return BUILT_ROUTES.some((route) => normalizeRoute(route) === path) ? next : DEFAULT_ROUTE;
}

type Outcome = { ok: true; target: string } | { ok: false };

/** The last hand-over read (StrictMode runs effects twice; the fragment is gone the second time). */
let handled: Outcome | null = null;

function takeSession(): Outcome {
  if (window.location.hash === '' && handled) return handled;
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('session');
  // The token must not stay in the address bar, the history or a bookmark.
  window.history.replaceState(window.history.state, '', window.location.pathname);
  if (!token) return (handled = { ok: false });
  startPortalSession('asserted', token, expiryOf(token));
  return (handled = { ok: true, target: destination(fragment.get('next')) });
}

/**
 * /auth/asserted: the SAML endpoint verified an assertion and sent the browser here with a portal
 * session token in the URL fragment (never sent to any server). SPEC §1 asserted sessions.
 */
export function AssertedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const outcome = takeSession();
    if (outcome.ok) void navigate(outcome.target, { replace: true });
    // Shown only when the hand-over carried no session: a user action led here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    else setFailed(true);
  }, [navigate]);

  if (!failed) return <PageLoading />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('signIn.assertedHeading')}
      </Typography>
      <Alert severity="error">{t('signIn.assertedFailed')}</Alert>
      <Button component={RouterLink} to="/home" variant="contained">
        {t('signIn.tryAgain')}
      </Button>
    </Stack>
  );
}

export default AssertedPage;

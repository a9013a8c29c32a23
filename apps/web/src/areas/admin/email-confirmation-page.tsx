import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaperlessSettings } from '@portal/contracts';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import CircularProgress from '../../kit/CircularProgress';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { confirmPaperlessEmail } from '../../data/paperless/update-paperless';
import { newIdempotencyKey } from '../../lib/api';
import { loose } from '../../i18n/loose';
import { matchProblem, PROBLEMS } from '../../ui/problems';

type State =
  | { status: 'working' }
  | { status: 'missing' }
  | { status: 'done'; settings: PaperlessSettings }
  | { status: 'refused'; key: string }
  | { status: 'failed' };

/** The token from the link, read once; then the address bar loses the query string (SPEC §2: it is not tracked). */
function takeToken(): string | null {
  const token = new URLSearchParams(window.location.search).get('token');
  if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/**
 * SPEC §2 /admin/email-confirmation?token=…: the link from the paperless confirmation e-mail. The member
 * (signed in) confirms the address; a link that is not valid, was replaced, was used or has expired
 * says so, with the way forward.
 */
export default function EmailConfirmationPage() {
  const { t } = useTranslation();
  const lt = loose(t);
  const queryClient = useQueryClient();
  const token = useRef<string | null | undefined>(undefined);
  const key = useRef(newIdempotencyKey());
  const [state, setState] = useState<State>({ status: 'working' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    token.current ??= takeToken();
    const value = token.current;
    if (!value) {
      setState({ status: 'missing' });
      return;
    }
    let live = true;
    setState({ status: 'working' });
    confirmPaperlessEmail(value, key.current)
      .then((settings) => {
        if (!live) return;
        setState({ status: 'done', settings });
        void queryClient.invalidateQueries({ queryKey: ['paperless'] });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const refused = matchProblem(PROBLEMS.emailConfirmation, error);
        setState(refused ? { status: 'refused', key: refused.key } : { status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [attempt, queryClient]);

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('emailConfirmation.title')}
      </Typography>
      {state.status === 'working' && (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('emailConfirmation.working')}</Typography>
        </Box>
      )}
      {state.status === 'done' && (
        <>
          <Alert severity="success" role="status">
            {t('emailConfirmation.done', { email: state.settings.email ?? '' })}
          </Alert>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/admin/paperless-settings" variant="contained">
              {t('emailConfirmation.toSettings')}
            </Button>
            <Button component={RouterLink} to="/documents/notice" variant="outlined">
              {t('emailConfirmation.toDocuments')}
            </Button>
          </Box>
        </>
      )}
      {(state.status === 'missing' || state.status === 'refused') && (
        <>
          <Alert severity="warning">
            {state.status === 'missing'
              ? t('emailConfirmation.missing')
              : lt(state.key, { defaultValue: t('emailConfirmation.failed') })}
          </Alert>
          <Box>
            <Button component={RouterLink} to="/admin/paperless-settings" variant="contained">
              {t('emailConfirmation.toSettings')}
            </Button>
          </Box>
        </>
      )}
      {state.status === 'failed' && (
        <>
          <Alert severity="error">{t('emailConfirmation.failed')}</Alert>
          <Box>
            <Button
              variant="contained"
              onClick={() => {
                setAttempt((count) => count + 1);
              }}
            >
              {t('emailConfirmation.retry')}
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}

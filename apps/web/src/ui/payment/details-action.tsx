import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The height of the details step's action bar, which stays at the bottom of the screen (issue 33 item 13). */
const STICKY_ACTION_PX = 72;

/** The details step's "Continue" bar; while the processor checks a new method it says so (`checking`). */
export function DetailsAction({ checking }: { checking: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {/* Issue 33 item 13: the action stays in view at the bottom of the screen while the details are
        on it, so it is never reached by a scroll made just before the press, and the processor's
        frame changing height above it does not move it; focused fields are kept clear of it. */}
      <GlobalStyles styles={{ html: { scrollPaddingBottom: STICKY_ACTION_PX + 16 } }} />
      <Stack
        direction="row"
        spacing={2}
        data-testid="payment-details-action"
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          alignItems: 'center',
          minHeight: STICKY_ACTION_PX,
          mx: { xs: -2, sm: -3 },
          px: { xs: 2, sm: 3 },
          py: 1.5,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={checking ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {t('payments.makePayment.continue')}
        </Button>
        {/* A polite live region from the start, so that the reason is said when it appears. */}
        <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary' }}>
          {checking ? t('payments.makePayment.checkingMethod') : ''}
        </Typography>
      </Stack>
    </>
  );
}

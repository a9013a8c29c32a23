import { useTranslation } from 'react-i18next';
import Button from '../../kit/Button';
import CircularProgress from '../../kit/CircularProgress';
import GlobalStyles from '../../kit/GlobalStyles';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';

/** The height of the details step's action bar, which stays at the bottom of the screen (issue 33 item 13). */
const STICKY_ACTION_PX = 72;
/** Everything that can take focus on the page, except what is in the bar itself. */
const FOCUS_CLEAR_OF_BAR =
  ':is(a, button, input, select, textarea, iframe, [tabindex]):not([data-testid="payment-details-action"] *)';
/** One object for every render, so GlobalStyles compiles its rule once (it memoises on `styles`). */
const CLEAR_OF_BAR_STYLES = { [FOCUS_CLEAR_OF_BAR]: { scrollMarginBottom: STICKY_ACTION_PX + 16 } };

/** The details step's "Continue" bar; while the processor checks a new method it says so (`checking`). */
export function DetailsAction({ checking }: { checking: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {/* Issue 33 item 13: the action stays in view at the bottom of the screen while the details are
        on it, so it is never reached by a scroll made just before the press, and the processor's
        frame changing height above it does not move it. What takes focus is kept clear of it (WCAG
        2.4.11) by a margin of its own, not by the page's scroll padding: with the padding, the bar's
        own button counted as hidden behind it, and bringing it into view (a keyboard's focus, a test
        driver before its click) scrolled the page to the end of the form; a press made during that
        scroll, in Chromium under load, landed where the button had been. */}
      <GlobalStyles styles={CLEAR_OF_BAR_STYLES} />
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

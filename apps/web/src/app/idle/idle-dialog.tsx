import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, LAYOUT } from '@portal/domain';
import Button from '../../kit/Button';
import Dialog from '../../kit/Dialog';
import DialogActions from '../../kit/DialogActions';
import DialogContent from '../../kit/DialogContent';
import DialogTitle from '../../kit/DialogTitle';
import Typography from '../../kit/Typography';
import { visuallyHidden } from '../../ui/visually-hidden';

/**
 * What a screen reader hears while the countdown runs: not every second (that would drown everything
 * else, WCAG 2.2.1 / 4.1.3), but when the time left crosses 20 and 10 seconds, then at 5.
 */
export function announcementCheckpoint(remaining: number, initial: number): number {
  if (remaining <= 5) return Math.min(5, initial);
  return Math.min(initial, Math.ceil(remaining / 10) * 10);
}

export interface IdleDialogProps {
  /** Seconds left, or null when the configuration has no countdown (no automatic sign-out). */
  remainingSeconds: number | null;
  initialSeconds: number | null;
  onStay: () => void;
  onSignOut: () => void;
}

/**
 * SPEC §2 idle warning dialog: title, first text line, live countdown in mm:ss, second text line, and
 * two buttons (sign out; stay signed in). At most 500×500 px and not closable any other way.
 */
export function IdleDialog({ remainingSeconds, initialSeconds, onStay, onSignOut }: IdleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const checkpoint =
    remainingSeconds !== null && initialSeconds !== null
      ? announcementCheckpoint(remainingSeconds, initialSeconds)
      : null;
  return (
    <Dialog
      open
      // Neither Escape nor a click outside closes it: the member must choose (SPEC §2).
      onClose={() => undefined}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{
        paper: {
          sx: { maxWidth: LAYOUT.idleDialogMaxPx, maxHeight: LAYOUT.idleDialogMaxPx, width: '100%', m: 2 },
          'data-testid': 'idle-dialog',
        },
      }}
    >
      <DialogTitle id={titleId}>{t('idle.title')}</DialogTitle>
      <DialogContent>
        <Typography id={textId}>{t('idle.line1')}</Typography>
        {remainingSeconds !== null && (
          <Typography
            role="timer"
            aria-label={t('idle.timeLeft')}
            component="p"
            variant="h3"
            sx={{ my: 2, fontVariantNumeric: 'tabular-nums', textAlign: 'center' }}
          >
            {formatCountdown(remainingSeconds)}
          </Typography>
        )}
        <Typography>{t(remainingSeconds === null ? 'idle.line2NoCountdown' : 'idle.line2')}</Typography>
        <div aria-live="polite" aria-atomic="true" style={visuallyHidden}>
          {checkpoint !== null ? t('idle.announce', { count: checkpoint }) : ''}
        </div>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={onSignOut}>
          {t('idle.signOut')}
        </Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          {t('idle.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

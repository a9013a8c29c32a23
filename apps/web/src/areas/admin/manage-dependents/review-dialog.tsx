import type { ReactNode } from 'react';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogContentText from '../../../kit/DialogContentText';
import DialogTitle from '../../../kit/DialogTitle';

/**
 * Asks before a request that changes coverage is sent, when nothing ends (adding people): like
 * ui/confirm-dialog.tsx, the way back is focused first, but sending is the page's main action, not a red one.
 */
export function ReviewDialog({
  id,
  title,
  body,
  backLabel,
  sendLabel,
  busy,
  onBack,
  onSend,
}: {
  id: string;
  title: string;
  body: ReactNode;
  backLabel: string;
  sendLabel: string;
  busy: boolean;
  onBack: () => void;
  onSend: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onBack}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-body`}>{body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onBack} disabled={busy} autoFocus>
          {backLabel}
        </Button>
        <Button onClick={onSend} variant="contained" disabled={busy}>
          {sendLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
